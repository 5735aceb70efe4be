import * as l10n from '@vscode/l10n';
import type { ContainerFlavor } from '../../api/containers/containerTypes';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { objectSchema, type JsonSchema } from '../../validation/jsonSchema';
import type { DocumentProblem } from '../../validation/problems';
import { CONTAINER_CREATE_FIELDS, validateContainerCreate } from './containerCreate';
import { sizeNotOffered } from './containerDocument';
import { placeInPath } from '../jsonDocuments';

/** A new container's document: where it will run; the tab names the place. */
export type NewContainerAddress = ProjectRegionRef;

/** The file name's stem, fixed (not translated) so that a path read back names the same document. */
const STEM = 'new-container';
const PLACE_SEPARATOR = ' · ';

/** `/{project}/{region}/new-container · {place}.json`: one new-container document per location. */
export function newContainerDocumentPath(address: NewContainerAddress, place: string): string {
  return `/${address.projectId}/${address.regionId}/${STEM}${PLACE_SEPARATOR}${placeInPath(place)}.json`;
}

export function parseNewContainerDocumentPath(path: string): NewContainerAddress | undefined {
  const match = /^\/(\d+)\/(\d+)\/([^/]+)\.json$/.exec(path);
  if (!match || match[3].split(PLACE_SEPARATOR)[0] !== STEM) return undefined;
  const projectId = Number(match[1]);
  const regionId = Number(match[2]);
  if (!Number.isSafeInteger(projectId) || !Number.isSafeInteger(regionId) || projectId < 1 || regionId < 1) return undefined;
  return { projectId, regionId };
}

/**
 * What a new document holds: the five required fields, the name and size left for the user to fill (their
 * diagnostics say so), the rest at values that run; completion offers the optional fields.
 */
export function newContainerTemplate(): Record<string, unknown> {
  return { name: '', image: 'nginx:latest', listening_port: 80, flavor: '', scale: { min: 1, max: 1 } };
}

/** What is wrong with a new container's document, field by field; a size the location does not offer is a warning. */
export function newContainerProblems(edited: Record<string, unknown>, sizes?: readonly ContainerFlavor[]): DocumentProblem[] {
  const checked = validateContainerCreate(edited);
  const problems: DocumentProblem[] = checked.ok ? [] : checked.problems.map((problem) => ({ ...problem, severity: 'error' }));
  const size = sizeNotOffered(edited.flavor, sizes, problems);
  return size ? [...problems, size] : problems;
}

/** The schema of a new container's document: the create payload, its required fields marked. */
export function newContainerSchema(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: l10n.t('Gcore container (create payload)'),
    description: l10n.t(
      'A new serverless container: name, image, listening_port, flavor and scale are required. Save to review what will be created, its quota and price, before anything is sent.',
    ),
    ...objectSchema(CONTAINER_CREATE_FIELDS),
  };
}
