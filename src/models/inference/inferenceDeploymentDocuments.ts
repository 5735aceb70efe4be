import * as l10n from '@vscode/l10n';
import type { InferenceDeployment } from '../../api/inference/inferenceTypes';
import { isPlainObject } from '../../validation/fieldChecks';
import { parseJsonDocument } from '../../validation/jsonDocument';
import type { DocumentProblem, FieldProblem } from '../../validation/problems';
import { documentChanges, sameValue } from '../jsonDocuments';
import { validateInferenceDeploymentCreate } from './inferenceDeploymentCreate';
import { editableDeployment, inferenceUpdateBody, validateInferenceDeploymentChanges } from './inferenceDeploymentUpdate';

/*
 * The deployments' JSON documents: Edit Deployment (JSON), a deployment's editable fields, and New Inference
 * Deployment from JSON, the create payload. Both are of a project (inference deployments are project-wide).
 */

/** An existing deployment's document: `/{project}/{name}.json`. */
export interface InferenceDeploymentAddress {
  projectId: number;
  name: string;
}

/** A new deployment's document: `/{project}/new-inference-deployment.json`, one per project. */
export interface NewInferenceDeploymentAddress {
  projectId: number;
}

const NEW_STEM = 'new-inference-deployment';
const NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

function projectOf(text: string): number | undefined {
  const projectId = Number(text);
  return Number.isSafeInteger(projectId) && projectId >= 1 ? projectId : undefined;
}

export function inferenceDeploymentDocumentPath(address: InferenceDeploymentAddress): string {
  return `/${address.projectId}/${address.name}.json`;
}

export function parseInferenceDeploymentDocumentPath(path: string): InferenceDeploymentAddress | undefined {
  const match = /^\/(\d+)\/([^/]+)\.json$/.exec(path);
  const projectId = match ? projectOf(match[1]) : undefined;
  if (!match || projectId === undefined || !NAME.test(match[2]) || match[2] === NEW_STEM) return undefined;
  return { projectId, name: match[2] };
}

export function newInferenceDeploymentDocumentPath(address: NewInferenceDeploymentAddress): string {
  return `/${address.projectId}/${NEW_STEM}.json`;
}

export function parseNewInferenceDeploymentDocumentPath(path: string): NewInferenceDeploymentAddress | undefined {
  const match = /^\/(\d+)\/([^/]+)\.json$/.exec(path);
  const projectId = match ? projectOf(match[1]) : undefined;
  return match && projectId !== undefined && match[2] === NEW_STEM ? { projectId } : undefined;
}

/** The paths of the schemas VS Code's JSON editor checks the documents with (`gcore-schema://schemas/…`, package.json). */
export const INFERENCE_SCHEMA_PATHS = {
  deployment: '/inference-deployment.json',
  newDeployment: '/new-inference-deployment.json',
} as const;

/** An edited text read back, or what is wrong with it in words a user can act on. */
export function readInferenceDocument(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  const read = parseJsonDocument(text);
  if (!read.ok) return read;
  return isPlainObject(read.value)
    ? { ok: true, value: read.value }
    : { ok: false, message: l10n.t('the document must be one JSON object of deployment fields') };
}

/** What a new deployment's document starts with: the required fields, to be filled in. */
export function newInferenceDeploymentTemplate(): Record<string, unknown> {
  return {
    name: '',
    image: '',
    listening_port: 80,
    flavor_name: '',
    containers: [{ region_id: 0, scale: { min: 1, max: 1 } }],
  };
}

/** What a new deployment's document is checked against besides its values: what the project offers, when readable. */
export interface InferenceOffers {
  flavors?: readonly string[];
  regions?: readonly number[];
  credentials?: readonly string[];
}

function notOffered(value: unknown, offered: readonly (string | number)[] | undefined): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number') && offered !== undefined && offered.length > 0 && !offered.includes(value)
  );
}

/** Warnings for what Gcore does not offer (a flavor, a region, a credential): it may add them, so they do not stop a save. */
function offerProblems(edited: Record<string, unknown>, offers: InferenceOffers, found: readonly FieldProblem[]): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const clean = (field: string) => !found.some((problem) => problem.field === field);
  if (clean('flavor_name') && notOffered(edited.flavor_name, offers.flavors)) {
    problems.push({
      field: 'flavor_name',
      severity: 'warning',
      message: l10n.t('is not an inference flavor Gcore offers (completion lists them)'),
    });
  }
  if (clean('credentials_name') && notOffered(edited.credentials_name, offers.credentials)) {
    problems.push({
      field: 'credentials_name',
      severity: 'warning',
      message: l10n.t('is not a registry credential of this project (completion lists them)'),
    });
  }
  const containers = Array.isArray(edited.containers) ? edited.containers : [];
  containers.forEach((container, index) => {
    const field = `containers.${index}.region_id`;
    if (isPlainObject(container) && clean(field) && notOffered(container.region_id, offers.regions)) {
      problems.push({ field, severity: 'warning', message: l10n.t('is not a region that runs inference (completion lists them)') });
    }
  });
  return problems;
}

/** What is wrong with a new deployment's document, field by field, with the prompts' messages; then what Gcore does not offer. */
export function newInferenceDeploymentProblems(edited: Record<string, unknown>, offers: InferenceOffers): DocumentProblem[] {
  const checked = validateInferenceDeploymentCreate(edited);
  const found = checked.ok ? [] : checked.problems;
  return [...found.map((problem): DocumentProblem => ({ ...problem, severity: 'error' })), ...offerProblems(edited, offers, found)];
}

/** The editable fields of a deployment as read, or none (an empty document) when it could not be read. */
export function editableFields(deployment: InferenceDeployment | undefined): Record<string, unknown> {
  return deployment ? editableDeployment(deployment) : {};
}

/** The fields the edits change against the deployment as read, in the document's order. */
export function deploymentDocumentChanges(base: InferenceDeployment | undefined, edited: Record<string, unknown>): Record<string, unknown> {
  return documentChanges(editableFields(base), edited);
}

/**
 * What is wrong with an edited deployment's document: each value the update's rules refuse, naming its field, an
 * error in a field the user changed and a warning in the others (a value Gcore holds is sent only if changed); and
 * what the PATCH body made of the changes cannot hold (a new region without its minimum and maximum).
 */
export function inferenceDeploymentProblems(
  edited: Record<string, unknown>,
  base: InferenceDeployment | undefined,
  offers: InferenceOffers,
): DocumentProblem[] {
  const changes = deploymentDocumentChanges(base, edited);
  const whole = validateInferenceDeploymentChanges(edited);
  const found = whole.ok ? [] : whole.problems.filter((problem) => problem.field !== '');
  const problems: DocumentProblem[] = found.map((problem) =>
    Object.hasOwn(changes, problem.field.split('.')[0])
      ? { ...problem, severity: 'error' }
      : { ...problem, severity: 'warning', message: l10n.t('{0} (the value at Gcore; it is sent only if you change it)', problem.message) },
  );
  const checked = validateInferenceDeploymentChanges(changes);
  if (base && checked.ok) {
    const body = inferenceUpdateBody(base, checked.value);
    if (!body.ok) problems.push(...body.problems.map((problem): DocumentProblem => ({ ...problem, severity: 'error' })));
  }
  const { containers, flavor_name, credentials_name } = changes;
  return [...problems, ...offerProblems({ containers, flavor_name, credentials_name }, offers, found)];
}

/** The fields that differ between two readings of a deployment, in either direction (a conflict is any of them). */
export function differingDeploymentFields(a: InferenceDeployment, b: InferenceDeployment): string[] {
  const [left, right] = [editableDeployment(a), editableDeployment(b)];
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].filter((field) => !sameValue(left[field], right[field]));
}
