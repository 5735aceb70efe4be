import * as vscode from 'vscode';
import type { ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../../api';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import { isEndpointMissing } from '../../api/errors';
import { COMMAND, SCHEME } from '../../core/contributions';
import {
  containerDocument,
  containerDocumentPath,
  differingFields,
  documentProblems,
  parseContainerDocumentPath,
  readDocument,
  type ContainerDocument,
  type ContainerDocumentAddress,
} from '../../models/containers/containerDocument';
import { documentChanges, documentText } from '../../models/jsonDocuments';
import { validateContainerUpdate, type ContainerUpdate } from '../../models/containers/containerUpdate';
import { locateJsonProperties } from '../../validation/jsonLocations';
import { updateSummary } from '../../views/containers/presentation/updateSummary';
import type { ContainerJsonEditor, ContainerJsonResource } from './containerJsonResource';

/** Opened from the container as Gcore sends it: the review's summary shows its values, the document its editable fields. */
export type ContainerResource = ContainerJsonResource<ContainerDocumentAddress, ContainerUpdate>;

/** The editor mechanism serving container documents. */
export type ContainerEditor = ContainerJsonEditor<ContainerDocumentAddress, ContainerUpdate>;

export interface ContainerDocumentsDeps {
  client: Pick<GcoreClient, 'containers'>;
  /** The location's containers as just shown (read again when old); undefined when the list cannot be read. */
  listed(location: ProjectRegionRef): Promise<readonly Container[] | undefined>;
  sizes(location: ProjectRegionRef): Promise<readonly ContainerFlavor[] | undefined>;
  /** How a tab names the location: its label, or its ids. */
  placeOf(location: ProjectRegionRef): string;
  /** The write path of a container update (the same as Update Container's): sends it and records what follows. */
  update(address: ContainerDocumentAddress, changes: ContainerUpdate, signal: AbortSignal): Promise<ContainerUpdateResult>;
  /** Tells the user that Gcore took the update and follows its tasks; `reopen` shows the document. */
  updated(address: ContainerDocumentAddress, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void;
}

/** The editable fields of a container as read, or none (an empty document) when it could not be read. */
function editable(container: Container | undefined): ContainerDocument | Record<string, never> {
  return container ? containerDocument(container) : {};
}

/**
 * Containers as JSON documents of their twelve editable fields (`/{project}/{region}/{name} · {place}.json`),
 * saved as one update of exactly the changed fields. The pure part is models/containerDocument.ts.
 */
export function containerResource(deps: ContainerDocumentsDeps): ContainerResource {
  /** The container at Gcore now; undefined when this API cannot read one container. */
  const readNow = async (address: ContainerDocumentAddress): Promise<Container | undefined> => {
    try {
      return await deps.client.containers.get(address, address.containerName);
    } catch (error) {
      if (isEndpointMissing(error)) return undefined;
      throw error;
    }
  };

  /**
   * The container to open: from the list just shown, else read alone. Undefined only when this API reads
   * no containers at all (the document then starts empty); a container missing from a list that exists,
   * a refused key or a network failure fail the opening with their own message.
   */
  const readOpening = async (address: ContainerDocumentAddress): Promise<Container | undefined> => {
    const listed = await deps.listed(address);
    const fromList = listed?.find((container) => container.name === address.containerName);
    if (fromList) return fromList;
    try {
      return await deps.client.containers.get(address, address.containerName);
    } catch (error) {
      if (listed === undefined && isEndpointMissing(error)) return undefined;
      throw error;
    }
  };

  return {
    scheme: SCHEME.container,
    applyCommand: COMMAND.applyContainerJson,
    words: {
      name: (address) => address.containerName,
      openedEmpty: ({ containerName }) =>
        vscode.l10n.t(
          'The current values of container {0} cannot be read from Gcore, so its document starts empty: add the fields to change (completion lists them). Saving shows what will be sent.',
          containerName,
        ),
      autoSaveKept: ({ containerName }) =>
        vscode.l10n.t(
          'Auto Save keeps your edits of container {0} in this editor only: nothing is sent to Gcore until you choose Review and Apply (Ctrl+S, or the cloud button above the editor).',
          containerName,
        ),
      changedAtGcore: ({ containerName }, changes) =>
        vscode.l10n.t('Container {0} changed at Gcore after you opened it ({1}).', containerName, changes),
      unreadable: ({ containerName }, reason) =>
        vscode.l10n.t('container {0} could not be read to compare with your edits ({1}). Save again to retry.', containerName, reason),
      nothingToSend: ({ containerName }) =>
        vscode.l10n.t('Nothing to update: the document has the values of container {0} at Gcore. Nothing was sent.', containerName),
      applyQuestion: ({ containerName, projectId, regionId }, count) =>
        count === 1
          ? vscode.l10n.t('Apply 1 change to container {0} in project {1}, region {2}?', containerName, projectId, regionId)
          : vscode.l10n.t('Apply {0} changes to container {1} in project {2}, region {3}?', count, containerName, projectId, regionId),
      sending: ({ containerName }) => vscode.l10n.t('Updating container {0}…', containerName),
      refused: vscode.l10n.t('Gcore did not take the update'),
      sendFailedLog: ({ containerName }) => `the update of container ${containerName} from its document failed`, // not user text: a log line
    },
    path: (address) => containerDocumentPath(address, deps.placeOf(address)),
    address: parseContainerDocumentPath,
    open: async (address) => {
      const [container, sizes] = await Promise.all([readOpening(address), deps.sizes(address)]);
      return { opened: container, context: { sizes } };
    },
    readNow,
    render: (opened) => documentText(editable(opened)),
    parse: readDocument,
    problems: (edited, { opened, context }) => documentProblems(edited, editable(opened), context.sizes),
    locate: (text, field) => {
      const where = locateJsonProperties(text).get(field);
      return where ? { start: where.valueStart, end: where.valueEnd } : undefined;
    },
    changedFields: (base, edited) => Object.keys(documentChanges(editable(base), edited)),
    conflicts: (opened, now) => differingFields(containerDocument(opened), containerDocument(now)),
    change: (base, edited) => validateContainerUpdate(documentChanges(editable(base), edited)),
    describe: (change, now) => ({ count: Object.keys(change).length, detail: updateSummary(change, now) }),
    send: (address, change, signal) => deps.update(address, change, signal),
    afterSend: (base, change) => ({ ...base, ...change }) as Container,
    sent: (address, result, reopen) => deps.updated(address, result, reopen),
  };
}
