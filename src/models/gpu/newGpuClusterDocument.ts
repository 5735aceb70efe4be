import * as l10n from '@vscode/l10n';
import type { GpuImage, GpuKind, GpuLocationRef } from '../../api/gpu/gpuClusterTypes';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import { objectSchema, type JsonSchema } from '../../validation/jsonSchema';
import { validated, type DocumentProblem, type FieldProblem, type Validated } from '../../validation/problems';
import { placeInPath } from '../jsonDocuments';
import { bootVolumeSizeProblem, GPU_FLAVOR_FIELD, gpuClusterCreateFields, validateGpuClusterCreate } from './gpuClusterCreate';
import { validateGpuLocationArgs, type GpuLocationArgs } from './gpuClusterArgs';
import type { GpuClusterCatalogue, GpuFlavorChoice } from './gpuClusterOffers';
import { imagesForFlavor } from './gpuImages';
import { parseJsonDocument } from '../../validation/jsonDocument';

/*
 * New GPU Cluster from JSON: a new cluster's create payload as a document of its location and kind, checked field by
 * field as Gcore checks it, and against what the location offered when the document opened.
 */

/** A new cluster's document: where it will run and which product; the tab names the place. */
export type NewGpuClusterAddress = GpuLocationRef;

/** The file name's stem of each kind, fixed (not translated) so that a path read back names the same document. */
const STEMS: ReadonlyMap<GpuKind, string> = new Map([
  ['virtual', 'new-gpu-cluster'],
  ['baremetal', 'new-baremetal-gpu-cluster'],
]);
const PLACE_SEPARATOR = ' · ';

function stemOf(kind: GpuKind): string {
  return STEMS.get(kind) ?? 'new-gpu-cluster';
}

/** `/{project}/{region}/new-gpu-cluster · {place}.json` (bare metal: `new-baremetal-gpu-cluster`): one per location and kind. */
export function newGpuClusterDocumentPath(address: NewGpuClusterAddress, place: string): string {
  return `/${address.projectId}/${address.regionId}/${stemOf(address.kind)}${PLACE_SEPARATOR}${placeInPath(place)}.json`;
}

export function parseNewGpuClusterDocumentPath(path: string): NewGpuClusterAddress | undefined {
  const match = /^\/(\d+)\/(\d+)\/([^/]+)\.json$/.exec(path);
  const stem = match?.[3].split(PLACE_SEPARATOR)[0];
  const kind = [...STEMS].find(([, candidate]) => candidate === stem)?.[0];
  if (!match || !kind) return undefined;
  const [projectId, regionId] = [Number(match[1]), Number(match[2])];
  return [projectId, regionId].every((id) => Number.isSafeInteger(id) && id >= 1) ? { projectId, regionId, kind } : undefined;
}

/** The path of the schema VS Code's JSON editor checks a kind's documents with (`gcore-schema://schemas/…`, package.json). */
export function newGpuClusterSchemaPath(kind: GpuKind): string {
  return `/${stemOf(kind)}.json`;
}

/** The kind whose schema a `gcore-schema` path names; undefined for any other path. */
export function newGpuClusterSchemaKind(path: string): GpuKind | undefined {
  return [...STEMS.keys()].find((kind) => newGpuClusterSchemaPath(kind) === path);
}

/** The schema of a kind's documents: the create payload, its required fields, bounds and descriptions. */
export function newGpuClusterSchema(kind: GpuKind): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: kind === 'baremetal' ? l10n.t('Gcore bare-metal GPU cluster (create payload)') : l10n.t('Gcore GPU cluster (create payload)'),
    description: l10n.t(
      'A new GPU cluster: name, flavor, servers_count and servers_settings are required (bare metal: image_id too). Completion offers the flavors, images and SSH keys of the location. Save to review its quota and price before anything is sent.',
    ),
    ...objectSchema(gpuClusterCreateFields(kind)),
  };
}

/** An edited text read back, or what is wrong with it in words a user can act on. */
export function readNewGpuClusterDocument(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const read = parseJsonDocument(text);
  if (!read.ok) return read;
  return isPlainObject(read.value)
    ? { ok: true, value: read.value }
    : { ok: false, message: l10n.t('the document must be one JSON object: the new GPU cluster') };
}

/** A field's value read loosely from an edited document, for checks that go beyond the payload's own. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (current, key) => (isPlainObject(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[key] : undefined),
    value,
  );
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function kindWords(kind: GpuKind): string {
  return kind === 'baremetal' ? l10n.t('bare-metal') : l10n.t('virtual');
}

function flavorProblem(kind: GpuKind, name: string, flavors: readonly GpuFlavorChoice[]): DocumentProblem | undefined {
  const offered = flavors.find((flavor) => flavor.name === name && flavor.kind === kind);
  const warn = (message: string): DocumentProblem => ({ field: 'flavor', severity: 'warning', message });
  if (offered?.outOfStock) return warn(l10n.t('has no free servers in this location now, so Gcore will likely refuse the create'));
  if (offered) return undefined;
  const other = flavors.find((flavor) => flavor.name === name);
  if (other) {
    return warn(
      l10n.t(
        'is a {0} flavor, and this document makes a {1} cluster: start New GPU Cluster from JSON from its row',
        kindWords(other.kind),
        kindWords(kind),
      ),
    );
  }
  return warn(l10n.t('is not a {0} GPU flavor of this location (completion lists those it offers)', kindWords(kind)));
}

/** Where a kind's document names its image: bare metal at the top, a virtual cluster in its boot volume (when it has one). */
function imageField(kind: GpuKind, edited: Record<string, unknown>): { field: string; id?: string; bootIndex?: number } {
  if (kind === 'baremetal') return { field: 'image_id', id: text(edited.image_id) };
  const volumes = at(edited, 'servers_settings', 'volumes');
  const boot = Array.isArray(volumes) ? volumes.findIndex((volume) => at(volume, 'boot_index') === 0) : -1;
  if (boot === -1) return { field: 'servers_settings.volumes' };
  return { field: `servers_settings.volumes.${boot}.image_id`, id: text(at(volumes, boot, 'image_id')), bootIndex: boot };
}

function imageProblems(
  kind: GpuKind,
  edited: Record<string, unknown>,
  images: readonly GpuImage[],
  flavor: GpuFlavorChoice | undefined,
): DocumentProblem[] {
  const { field, id, bootIndex } = imageField(kind, edited);
  if (id === undefined) return [];
  const image = images.find((candidate) => candidate.id.toLowerCase() === id.toLowerCase());
  if (!image) {
    return [{ field, severity: 'warning', message: l10n.t("is not an image of this location's {0} GPU clusters", kindWords(kind)) }];
  }
  const problems: DocumentProblem[] = [];
  if (flavor && !imagesForFlavor(images, flavor.flavor).some((choice) => choice.image === image)) {
    problems.push({ field, severity: 'warning', message: l10n.t('image {0} does not suit flavor {1}', image.name, flavor.name) });
  }
  const size = bootIndex === undefined ? undefined : at(edited, 'servers_settings', 'volumes', bootIndex, 'size');
  const tooSmall = typeof size === 'number' ? bootVolumeSizeProblem(size, image) : undefined;
  if (tooSmall) problems.push({ field: `servers_settings.volumes.${bootIndex}.size`, severity: 'error', message: tooSmall });
  return problems;
}

/** Each volume of a type the region does not offer (when it said which it offers). */
function volumeTypeProblems(edited: Record<string, unknown>, offered: GpuClusterCatalogue['volumeTypes']): DocumentProblem[] {
  const volumes = at(edited, 'servers_settings', 'volumes');
  if (!offered || !Array.isArray(volumes)) return [];
  return volumes.flatMap((volume, index) => {
    const type = text(at(volume, 'type'));
    if (type === undefined || offered.includes(type)) return [];
    return [
      {
        field: `servers_settings.volumes.${index}.type`,
        severity: 'warning' as const,
        message: l10n.t('is not a volume type of this region (it offers {0})', offered.join(', ')),
      },
    ];
  });
}

function keyProblem(edited: Record<string, unknown>, keys: GpuClusterCatalogue['keys']): DocumentProblem | undefined {
  const name = text(at(edited, 'servers_settings', 'credentials', 'ssh_key_name'));
  const key = keys?.find((candidate) => candidate.name === name);
  const field = 'servers_settings.credentials.ssh_key_name';
  if (name === undefined || !keys || key?.onThisMachine) return undefined;
  return key
    ? { field, severity: 'information', message: l10n.t('its private key is not on this machine, so SSH from here will be refused') }
    : { field, severity: 'warning', message: l10n.t('is not an SSH key of this project (completion lists those it has)') };
}

/**
 * What is wrong with a new cluster's document, field by field: what Gcore refuses as errors (they stop a save), then
 * what the location did not offer when the document opened as warnings (Gcore may have changed since), on fields
 * without an error of their own: a flavor it does not offer or has no servers of, an image it does not list or that
 * does not suit the flavor, a key the project lacks, a volume type the region does not offer; a boot volume smaller
 * than its image's minimum is an error.
 */
export function newGpuClusterProblems(kind: GpuKind, edited: Record<string, unknown>, catalogue: GpuClusterCatalogue): DocumentProblem[] {
  const checked = validateGpuClusterCreate(kind, edited);
  const errors: DocumentProblem[] = checked.ok ? [] : checked.problems.map((problem) => ({ ...problem, severity: 'error' }));
  const name = text(edited.flavor);
  const flavor = catalogue.flavors?.find((candidate) => candidate.name === name && candidate.kind === kind);
  const offers = [
    name !== undefined && catalogue.flavors && catalogue.flavors.length > 0 ? flavorProblem(kind, name, catalogue.flavors) : undefined,
    ...(catalogue.images ? imageProblems(kind, edited, catalogue.images, flavor) : []),
    keyProblem(edited, catalogue.keys),
    ...volumeTypeProblems(edited, catalogue.volumeTypes),
  ].filter((problem): problem is DocumentProblem => problem !== undefined);
  const flagged = new Set(errors.map((problem) => problem.field));
  return [...errors, ...offers.filter((problem) => !flagged.has(problem.field))];
}

/** New GPU Cluster from JSON's programmatic argument: the location, the kind (virtual by default), the flavor to start from. */
export interface NewGpuClusterJsonArgs extends GpuLocationArgs {
  flavor?: string;
}

export function validateNewGpuClusterJsonArgs(input: unknown): Validated<NewGpuClusterJsonArgs> {
  if (!isPlainObject(input)) return validateGpuLocationArgs(input);
  const { flavor, ...location } = input;
  const problems: FieldProblem[] = [];
  const start = checkFields([{ ...GPU_FLAVOR_FIELD, required: false }], { flavor }, '', problems);
  const checked = validateGpuLocationArgs(location);
  if (!checked.ok) problems.unshift(...checked.problems);
  return validated({ ...(checked.ok ? checked.value : location), ...start } as NewGpuClusterJsonArgs, problems);
}
