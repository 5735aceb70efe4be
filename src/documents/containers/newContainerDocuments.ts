import * as vscode from 'vscode';
import type { ContainerUpdateResult } from '../../api';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import { COMMAND, SCHEME } from '../../core/contributions';
import { validateContainerCreate, type ContainerCreate } from '../../models/containers/containerCreate';
import { readDocument } from '../../models/containers/containerDocument';
import { documentChanges, documentText } from '../../models/jsonDocuments';
import {
  newContainerDocumentPath,
  newContainerProblems,
  newContainerTemplate,
  parseNewContainerDocumentPath,
  type NewContainerAddress,
} from '../../models/containers/newContainerDocument';
import { locateJsonProperties } from '../../validation/jsonLocations';
import { createSummary, type CreateForecast } from '../../views/containers/presentation/containerCreateSummary';
import type { ContainerJsonEditor, ContainerJsonResource } from './containerJsonResource';

/** Nothing at Gcore until it is created; then the container as sent, until its tasks end. */
export type NewContainerResource = ContainerJsonResource<NewContainerAddress, ContainerCreate>;
export type NewContainerEditor = ContainerJsonEditor<NewContainerAddress, ContainerCreate>;

export interface NewContainerDocumentsDeps {
  sizes(location: NewContainerAddress): Promise<readonly ContainerFlavor[] | undefined>;
  /** How the tree names the location (its label, else its IDs): the document's path and its review say it. */
  placeOf(location: NewContainerAddress): string;
  forecast(location: NewContainerAddress, container: ContainerCreate): Promise<CreateForecast>;
  /** The write path of New Container: sends the create and records what follows. */
  create(location: NewContainerAddress, container: ContainerCreate, signal: AbortSignal): Promise<ContainerUpdateResult>;
  /** Gcore took it: follow its tasks to the end. */
  created(location: NewContainerAddress, container: ContainerCreate, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void;
}

/**
 * New Container from JSON: a document of the create payload (`/{project}/{region}/new-container · {place}.json`),
 * checked as the prompts check it; saving reviews what will be created, with its quota and price, then creates it.
 */
export function newContainerResource(deps: NewContainerDocumentsDeps): NewContainerResource {
  /** What each location's document last created, for the report that follows the send. */
  const created = new Map<string, ContainerCreate>();
  const key = (address: NewContainerAddress) => `${address.projectId}/${address.regionId}`;
  return {
    scheme: SCHEME.newContainer,
    applyCommand: COMMAND.applyNewContainerJson,
    words: {
      name: () => vscode.l10n.t('New container'),
      openedEmpty: ({ projectId, regionId }) =>
        vscode.l10n.t(
          'Fill in the new container of project {0}, region {1}: name, image, listening_port, flavor and scale are required, and completion lists the other fields. Saving shows what will be created, its quota and price, before anything is sent.',
          projectId,
          regionId,
        ),
      autoSaveKept: () =>
        vscode.l10n.t(
          'Auto Save keeps the new container in this editor only: nothing is created at Gcore until you choose Review and Create (Ctrl+S, or the cloud button above the editor).',
        ),
      changedAtGcore: (_address, changes) => vscode.l10n.t('The container changed at Gcore after it was created here ({0}).', changes),
      unreadable: (_address, reason) => vscode.l10n.t('the new container could not be checked ({0}). Save again to retry.', reason),
      nothingToSend: () =>
        vscode.l10n.t('Nothing to create: this container was created from this document already. Change it with Edit Container as JSON.'),
      applyQuestion: (address) => vscode.l10n.t('Create this container in {0}?', deps.placeOf(address)),
      sending: () => vscode.l10n.t('Creating the container…'),
      refused: vscode.l10n.t('Gcore did not create the container'),
      sendFailedLog: () => 'the create of a container from its document failed', // not user text: a log line
    },
    path: (address) => newContainerDocumentPath(address, deps.placeOf(address)),
    address: parseNewContainerDocumentPath,
    open: async (address) => ({ opened: undefined, context: { sizes: await deps.sizes(address) } }),
    readNow: async () => undefined,
    render: (opened) => documentText(opened ? (opened as Record<string, unknown>) : newContainerTemplate()),
    parse: readDocument,
    problems: (edited, { context }) => newContainerProblems(edited, context.sizes),
    locate: (text, field) => {
      const where = locateJsonProperties(text).get(field);
      return where ? { start: where.valueStart, end: where.valueEnd } : undefined;
    },
    // Before it is created every field is new; afterwards only what differs from what was sent.
    changedFields: (base, edited) => Object.keys(documentChanges(base ?? {}, edited)),
    conflicts: () => [],
    change: (_base, edited) => validateContainerCreate(edited),
    describe: async (change, _now, address) => ({ count: 1, detail: createSummary(change, await deps.forecast(address, change)) }),
    send: async (address, change, signal) => {
      const result = await deps.create(address, change, signal);
      created.set(key(address), change);
      return result;
    },
    afterSend: (_base, change) => ({ ...change }) as Container,
    sent: (address, result, reopen) => {
      const container = created.get(key(address));
      if (container) deps.created(address, container, result, reopen);
    },
  };
}
