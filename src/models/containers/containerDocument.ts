import * as l10n from '@vscode/l10n';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import { objectSchema, type JsonSchema } from '../../validation/jsonSchema';
import type { DocumentProblem, FieldProblem } from '../../validation/problems';
import { currentValue } from './containerUpdate';
import { documentChanges, placeInPath, sameValue } from '../jsonDocuments';
import { CONTAINER_UPDATE_FIELDS, validateContainerName, type ContainerUpdate } from './containerUpdate';
import { parseJsonDocument } from '../../validation/jsonDocument';

/**
 * A container as the JSON editor shows it: the twelve fields of the update payload, each at its value at
 * Gcore (null when Gcore does not say), in the payload's order. Read-only fields (status, address…) are
 * left out: they cannot be sent.
 */
export type ContainerDocument = Record<keyof ContainerUpdate, unknown>;

export function containerDocument(container: Container): ContainerDocument {
  return Object.fromEntries(CONTAINER_UPDATE_FIELDS.map((spec) => [spec.name, editableValue(container, spec.name)])) as ContainerDocument;
}

/** Nested objects keep the sub-fields the update sends (a container read back may carry more). */
function editableValue(container: Container, field: keyof ContainerUpdate): unknown {
  const value = currentValue(container, field);
  if (value === undefined) return null;
  if (field === 'logging' && isPlainObject(value)) {
    const retention = isPlainObject(value.retention_policy)
      ? { period: value.retention_policy.period ?? null }
      : (value.retention_policy ?? null);
    return {
      destination_region_id: value.destination_region_id ?? null,
      enabled: value.enabled ?? null,
      retention_policy: retention,
      topic_name: value.topic_name ?? null,
    };
  }
  return value;
}

export type ReadDocument = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** An edited text read back; an error says what is wrong in words a user can act on. */
export function readDocument(text: string): ReadDocument {
  const read = parseJsonDocument(text);
  if (!read.ok) return read;
  if (!isPlainObject(read.value)) return { ok: false, message: l10n.t('the document must be one JSON object of container fields') };
  return { ok: true, value: read.value };
}

/** The fields that differ between two documents, in either direction (a conflict is any of them). */
export function differingFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const fields = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...fields].filter((field) => !sameValue(a[field], b[field]));
}

/**
 * What is wrong with an edited document, field by field, with the messages of the prompts: errors in the
 * fields the user changed (they block saving), warnings in the others; plus what a schema cannot say: a size the location does not offer (when its sizes could be read), and that
 * `is_disabled` changed together with other fields goes to Gcore in a request of its own.
 */
export function documentProblems(
  edited: Record<string, unknown>,
  base: Record<string, unknown>,
  sizes?: readonly ContainerFlavor[],
): DocumentProblem[] {
  const problems: FieldProblem[] = [];
  checkFields(CONTAINER_UPDATE_FIELDS, edited, '', problems);
  const changes = documentChanges(base, edited);
  // A value Gcore holds that the rules refuse (set before they existed, or by another tool) is not sent
  // unless the user changes it: it must not stop them from saving what they did change.
  const found: DocumentProblem[] = problems.map((problem) =>
    Object.hasOwn(changes, topField(problem.field))
      ? { ...problem, severity: 'error' }
      : { ...problem, severity: 'warning', message: l10n.t('{0} (the value at Gcore; it is sent only if you change it)', problem.message) },
  );
  const size = sizeNotOffered(changes.flavor, sizes, found);
  if (size) found.push(size);
  if ('is_disabled' in changes && Object.keys(changes).length > 1) {
    found.push({
      field: 'is_disabled',
      severity: 'information',
      message: l10n.t('is sent in a request of its own, after the other changes: Gcore refuses it together with other fields'),
    });
  }
  return found;
}

/**
 * A size the location does not offer, as a warning (when its sizes could be read, and the size has no
 * other problem among `found`): Gcore may add sizes, so it does not stop a save.
 */
export function sizeNotOffered(
  flavor: unknown,
  sizes: readonly ContainerFlavor[] | undefined,
  found: readonly FieldProblem[],
): DocumentProblem | undefined {
  if (
    typeof flavor !== 'string' ||
    flavor.trim() === '' ||
    !sizes ||
    sizes.length === 0 ||
    found.some((problem) => problem.field === 'flavor')
  ) {
    return undefined;
  }
  const names = sizes.map((size) => size.name);
  return names.includes(flavor.trim())
    ? undefined
    : {
        field: 'flavor',
        severity: 'warning',
        message: l10n.t('is not a container size of this location (it offers {0})', names.join(', ')),
      };
}

/** The field of the payload a problem is in: `scale` for `scale.min`. */
function topField(path: string): string {
  return path.split('.')[0];
}

/** The schema of the document: the update payload's fields and bounds, no other field. */
export function containerDocumentSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: l10n.t('Gcore container (editable fields)'),
    description: l10n.t('The fields of a serverless container that an update can change. Save to review the changes before they are sent.'),
    ...objectSchema(CONTAINER_UPDATE_FIELDS),
  };
}

/** Where an open container document lives: its location and name, and the place its tab names. */
export interface ContainerDocumentAddress {
  projectId: number;
  regionId: number;
  containerName: string;
}

const PLACE_SEPARATOR = ' · ';

/**
 * The path of a container's document, `/{project}/{region}/{name} · {place}.json`: the tab shows the last
 * part, so it names the container and where it runs; the ids before it make the path unique.
 */
export function containerDocumentPath(address: ContainerDocumentAddress, place: string): string {
  return `/${address.projectId}/${address.regionId}/${address.containerName}${PLACE_SEPARATOR}${placeInPath(place)}.json`;
}

/** The address a document path names, or undefined for a path this extension did not make (or a name it refuses). */
export function parseContainerDocumentPath(path: string): ContainerDocumentAddress | undefined {
  const match = /^\/(\d+)\/(\d+)\/([^/]+)\.json$/.exec(path);
  if (!match) return undefined;
  const [, project, region, file] = match;
  const containerName = file.split(PLACE_SEPARATOR)[0];
  const projectId = Number(project);
  const regionId = Number(region);
  if (!Number.isSafeInteger(projectId) || !Number.isSafeInteger(regionId)) return undefined;
  // A URI can come from anywhere (another extension, a recent file): its name is checked as an argument is.
  const checked = validateContainerName(containerName);
  if (!checked.ok || checked.value !== containerName) return undefined;
  return { projectId, regionId, containerName };
}
