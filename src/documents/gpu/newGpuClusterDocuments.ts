import * as vscode from 'vscode';
import type { GpuKind } from '../../api/gpu/gpuClusterTypes';
import { COMMAND, SCHEME } from '../../core/contributions';
import { projectRegionKey } from '../../core/projectRegion';
import { documentChanges, documentText } from '../../models/jsonDocuments';
import { validateGpuClusterCreate, type GpuClusterCreate } from '../../models/gpu/gpuClusterCreate';
import type { GpuClusterCatalogue } from '../../models/gpu/gpuClusterOffers';
import { imagesForFlavor } from '../../models/gpu/gpuImages';
import {
  newGpuClusterDocumentPath,
  newGpuClusterProblems,
  newGpuClusterSchema,
  newGpuClusterSchemaKind,
  parseNewGpuClusterDocumentPath,
  readNewGpuClusterDocument,
  type NewGpuClusterAddress,
} from '../../models/gpu/newGpuClusterDocument';
import { imageFacts } from '../../ui/gpu/gpuClusterCreateWizard';
import { startingPayload } from '../../ui/gpu/gpuClusterStart';
import { locateJsonProperties } from '../../validation/jsonLocations';
import { gpuClusterReview, reviewQuestion, type GpuClusterForecast } from '../../views/gpu/presentation/gpuClusterReview';
import { ResourceFileSystem, type ResourceFileSystemDeps } from '../resourceFileSystem';
import { valueCompletions, type ValueChoice } from '../valueCompletions';

/** What a new cluster's document is compared with: the payload it opened with, or, once created, what was sent. */
export interface NewGpuClusterBase {
  kind: GpuKind;
  cluster: Record<string, unknown>;
  created: boolean;
}

/** Nothing at Gcore until it is created; `Sent` is what the create path answers (its tasks and what follows them). */
export type NewGpuClusterEditor<Sent> = ResourceFileSystem<
  NewGpuClusterAddress,
  NewGpuClusterBase,
  GpuClusterCatalogue,
  Record<string, unknown>,
  GpuClusterCreate,
  Sent
>;
type NewGpuClusterResource<Sent> = NewGpuClusterEditor<Sent>['resource'];

export interface NewGpuClusterDocumentsDeps<Sent> {
  /** What the location offers (flavors, the kind's images, the project's keys), each part left out when unreadable. */
  catalogue(address: NewGpuClusterAddress): Promise<GpuClusterCatalogue>;
  /** How the tree names the location (its label, else its IDs): the document's path says it. */
  placeOf(address: NewGpuClusterAddress): string;
  /** The quota and price Gcore tells of the cluster, each null when it does not answer. */
  forecast(address: NewGpuClusterAddress, cluster: GpuClusterCreate): Promise<GpuClusterForecast>;
  /** New GPU Cluster's create path: one POST, a lost answer looked up by name. */
  create(address: NewGpuClusterAddress, cluster: GpuClusterCreate, signal: AbortSignal): Promise<Sent>;
  /** Gcore took it: follow its tasks to the end; `reopen` shows the document (Retry). */
  created(address: NewGpuClusterAddress, sent: Sent, reopen: () => Promise<unknown>): void;
}

function addressKey(address: NewGpuClusterAddress): string {
  return `${projectRegionKey(address)}/${address.kind}`;
}

/**
 * New GPU Cluster from JSON: the create payload as a document (`/{project}/{region}/new-gpu-cluster · {place}.json`),
 * filled in from the flavor it was started from, checked as Gcore checks it and against what the location offers;
 * saving is New GPU Cluster's review (what runs, its quota and price; Create or Create Anyway, and Edit), then its
 * create path. `startingFlavor` names the flavor a location's document starts from.
 */
export function newGpuClusterResource<Sent>(
  deps: NewGpuClusterDocumentsDeps<Sent>,
  startingFlavor: (address: NewGpuClusterAddress) => string | undefined,
): NewGpuClusterResource<Sent> {
  /** What each document's location offered when it opened: the review names the image by it. */
  const catalogues = new Map<string, GpuClusterCatalogue>();
  return {
    scheme: SCHEME.newGpuCluster,
    applyCommand: COMMAND.applyNewGpuClusterJson,
    words: {
      name: () => vscode.l10n.t('New GPU cluster'),
      openedEmpty: (address) =>
        vscode.l10n.t(
          'Fill in the new GPU cluster of {0}: saving shows its quota and price before anything is sent.',
          deps.placeOf(address),
        ),
      autoSaveKept: () =>
        vscode.l10n.t(
          'Auto Save keeps the new GPU cluster in this editor only: nothing is created at Gcore until you choose Review and Create (Ctrl+S, or the cloud button above the editor).',
        ),
      changedAtGcore: (_address, changes) => vscode.l10n.t('The GPU cluster changed at Gcore after it was created here ({0}).', changes),
      unreadable: (_address, reason) => vscode.l10n.t('the new GPU cluster could not be checked ({0}). Save again to retry.', reason),
      nothingToSend: () =>
        vscode.l10n.t(
          'Nothing to create: this GPU cluster was created from this document already. Give it another name to create another one.',
        ),
      applyQuestion: (address) => vscode.l10n.t('Create this GPU cluster in {0}?', deps.placeOf(address)),
      sending: () => vscode.l10n.t('Creating the GPU cluster…'),
      refused: vscode.l10n.t('Gcore did not create the GPU cluster'),
      sendFailedLog: () => 'the create of a GPU cluster from its document failed', // not user text: a log line
    },
    path: (address) => newGpuClusterDocumentPath(address, deps.placeOf(address)),
    address: parseNewGpuClusterDocumentPath,
    open: async (address) => {
      const catalogue = await deps.catalogue(address);
      catalogues.set(addressKey(address), catalogue);
      const cluster = startingPayload(catalogue, address.kind, startingFlavor(address));
      return { opened: { kind: address.kind, cluster: { ...cluster }, created: false }, context: catalogue };
    },
    readNow: async () => undefined,
    render: (opened) => documentText(opened?.cluster ?? {}),
    parse: readNewGpuClusterDocument,
    problems: (edited, { opened, context }) => newGpuClusterProblems(opened?.kind ?? 'virtual', edited, context),
    locate: (text, field) => {
      const where = locateJsonProperties(text).get(field);
      return where ? { start: where.valueStart, end: where.valueEnd } : undefined;
    },
    // Before it is created every field is new; afterwards only what differs from what was sent.
    changedFields: (base, edited) => Object.keys(base?.created ? documentChanges(base.cluster, edited) : edited),
    conflicts: () => [],
    change: (base, edited) => validateGpuClusterCreate(base?.kind ?? 'virtual', edited),
    describe: async (cluster, _now, address) => {
      const forecast = await deps.forecast(address, cluster);
      const imageId =
        address.kind === 'baremetal'
          ? cluster.image_id
          : cluster.servers_settings.volumes?.find((volume) => volume.boot_index === 0)?.image_id;
      const image = catalogues.get(addressKey(address))?.images?.find((candidate) => candidate.id === imageId);
      const { message, detail, create, edit } = reviewQuestion(cluster.name, gpuClusterReview(address.kind, cluster, forecast, image));
      return { count: 1, detail, asked: { message, send: create, keep: edit } };
    },
    send: (address, cluster, signal) => deps.create(address, cluster, signal),
    afterSend: (base, cluster) => ({ kind: base?.kind ?? 'virtual', cluster: { ...cluster }, created: true }),
    sent: (address, result, reopen) => deps.created(address, result, reopen),
  };
}

/** The documents of New GPU Cluster from JSON: their editor, and how one is opened from a location or flavor. */
export interface NewGpuClusterDocuments<Sent> {
  readonly editor: NewGpuClusterEditor<Sent>;
  /**
   * Shows the new cluster's document of a location and kind, filled in afresh from `flavor` (else the kind's first in
   * stock), unless it holds edits not sent yet, which stay.
   */
  show(address: NewGpuClusterAddress, flavor?: string): Promise<vscode.Uri>;
  /** What completion offers at `position` of one of these documents. */
  completions(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[];
}

export function newGpuClusterDocuments<Sent>(
  deps: NewGpuClusterDocumentsDeps<Sent>,
  editorDeps: ResourceFileSystemDeps,
): NewGpuClusterDocuments<Sent> {
  const startingFlavors = new Map<string, string>();
  const editor: NewGpuClusterEditor<Sent> = new ResourceFileSystem(
    newGpuClusterResource(deps, (address) => startingFlavors.get(addressKey(address))),
    editorDeps,
  );
  return {
    editor,
    show: async (address, flavor) => {
      const uri = editor.uriFor(address);
      const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
      if (!open?.isDirty && !editor.hasDraft(uri)) {
        if (flavor === undefined) startingFlavors.delete(addressKey(address));
        else startingFlavors.set(addressKey(address), flavor);
        await editor.load(uri);
      }
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri;
    },
    completions: (document, position) => newGpuClusterCompletions(editor, document, position),
  };
}

/** The JSON schema a `gcore-schema` path names, when it is a new GPU cluster's. */
export function newGpuClusterSchemaText(path: string): string | undefined {
  const kind = newGpuClusterSchemaKind(path);
  return kind && JSON.stringify(newGpuClusterSchema(kind), null, 2);
}

/**
 * The location's flavors (of the document's kind, those in stock first), images (those that suit the document's
 * flavor, the suggested first) and the project's SSH keys, offered as the values of "flavor", "image_id" and
 * "ssh_key_name".
 */
function newGpuClusterCompletions<Sent>(
  editor: NewGpuClusterEditor<Sent>,
  document: vscode.TextDocument,
  position: vscode.Position,
): vscode.CompletionItem[] {
  const base = editor.baseOf(document.uri);
  if (!base?.opened) return [];
  const { kind } = base.opened;
  const catalogue = base.context;
  const flavors = (catalogue.flavors ?? []).filter((flavor) => flavor.kind === kind);
  const read = readNewGpuClusterDocument(document.getText());
  const flavor = read.ok ? flavors.find((candidate) => candidate.name === read.value.flavor) : undefined;
  const choices = new Map<string, () => ValueChoice[]>([
    [
      'flavor',
      () =>
        [...flavors.filter((choice) => !choice.outOfStock), ...flavors.filter((choice) => choice.outOfStock)].map((choice) => ({
          value: choice.name,
          description: [choice.price ?? vscode.l10n.t('price not available'), choice.outOfStock && vscode.l10n.t('out of stock')]
            .filter(Boolean)
            .join(' · '),
          detail:
            kind === 'baremetal'
              ? vscode.l10n.t('A bare-metal GPU flavor of this location')
              : vscode.l10n.t('A virtual GPU flavor of this location'),
        })),
    ],
    [
      'image_id',
      () =>
        imagesForFlavor(catalogue.images ?? [], flavor?.flavor ?? {}).map((choice) => ({
          value: choice.image.id,
          label: choice.image.name,
          description: imageFacts(choice),
          detail: vscode.l10n.t('An image of this location for the flavor'),
        })),
    ],
    [
      'ssh_key_name',
      () =>
        (catalogue.keys ?? []).map((key) => ({
          value: key.name,
          description: key.onThisMachine
            ? vscode.l10n.t('its private key is on this machine')
            : vscode.l10n.t('its private key is not on this machine'),
          detail: vscode.l10n.t('An SSH key of the project'),
        })),
    ],
  ]);
  return valueCompletions(document, position, (property) => choices.get(property)?.());
}
