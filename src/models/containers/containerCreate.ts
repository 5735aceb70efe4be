import * as l10n from '@vscode/l10n';
import { checkFields, isPlainObject } from '../../validation/fieldChecks';
import type { StringFieldSpec } from '../../validation/fieldSpec';
import type { ProjectRegionRef } from '../../core/projectRegion';
import { validated, type FieldProblem, type Validated } from '../../validation/problems';
import { PROJECT_ID_FIELD, REGION_ID_FIELD } from '../projectRegion';
import {
  CONTAINER_NAME_FIELD,
  CONTAINER_UPDATE_FIELDS,
  type ContainerFieldSpec,
  type ContainerScale,
  type ContainerUpdate,
} from './containerUpdate';

/** The create payload: the update's fields, five of them required. */
export interface ContainerCreate extends ContainerUpdate {
  name: string;
  image: string;
  listening_port: number;
  flavor: string;
  scale: ContainerScale;
}

/** The fields a create cannot do without, in the order they are asked. */
export const REQUIRED_CREATE_FIELDS = ['name', 'image', 'listening_port', 'flavor', 'scale'] as const;

/** A new container's name: Gcore allows 43 characters at creation (the name becomes part of a DNS label). */
export const NEW_CONTAINER_NAME_FIELD: StringFieldSpec & { name: 'name' } = {
  ...CONTAINER_NAME_FIELD,
  name: 'name',
  description: l10n.t('Name of the new container: 3 to 43 letters, digits, dots and hyphens; it becomes part of its address.'),
  maxLength: 43,
};

export type CreateFieldSpec = ContainerFieldSpec | (StringFieldSpec & { name: 'name' });

/** The create payload's fields: the name, then the update's, the required ones neither optional nor nullable. */
export const CONTAINER_CREATE_FIELDS: readonly CreateFieldSpec[] = [
  NEW_CONTAINER_NAME_FIELD,
  ...CONTAINER_UPDATE_FIELDS.map((spec): ContainerFieldSpec =>
    (REQUIRED_CREATE_FIELDS as readonly string[]).includes(spec.name)
      ? ({ ...spec, required: true, nullable: false } as ContainerFieldSpec)
      : spec,
  ),
];

/** The optional fields a create may set, in the update's order. */
export const OPTIONAL_CREATE_FIELDS: readonly ContainerFieldSpec[] = CONTAINER_UPDATE_FIELDS.filter(
  (spec) => !(REQUIRED_CREATE_FIELDS as readonly string[]).includes(spec.name),
);

/** Checks a create payload (wire field names); problems name the field under `prefix` ('container.scale.min'). */
export function validateContainerCreate(input: unknown, prefix = ''): Validated<ContainerCreate> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [
        { field: prefix, message: l10n.t('the new container must be an object with name, image, listening_port, flavor and scale') },
      ],
    };
  }
  const problems: FieldProblem[] = [];
  // A null is no value at creation: it is left out rather than sent.
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  const container = checkFields(CONTAINER_CREATE_FIELDS, given, prefix, problems);
  return validated(container as unknown as ContainerCreate, problems);
}

/** What `check_limits` is asked about a new container: its size and its most instances. */
export function quotaRequest(container: Pick<ContainerCreate, 'flavor' | 'scale'>): { flavor: string; max_replicas: number } {
  return { flavor: container.flavor, max_replicas: container.scale.max };
}

/** `gcore.createContainer`'s argument: where, and the create payload (wire field names). */
export interface CreateContainerArgs extends ProjectRegionRef {
  container: ContainerCreate;
}

export function validateCreateContainerArgs(input: unknown): Validated<CreateContainerArgs> {
  if (!isPlainObject(input)) {
    return {
      ok: false,
      problems: [{ field: '', message: l10n.t('the arguments must be an object with {0}', 'projectId, regionId, container') }],
    };
  }
  const problems: FieldProblem[] = [];
  const { container, ...location } = input;
  const ref = checkFields([PROJECT_ID_FIELD, REGION_ID_FIELD], location, '', problems);
  if (container === undefined) problems.push({ field: 'container', message: l10n.t('is required') });
  const checked = container === undefined ? undefined : validateContainerCreate(container, 'container');
  if (checked && !checked.ok) problems.push(...checked.problems);
  return validated({ ...ref, container: checked?.ok ? checked.value : undefined } as CreateContainerArgs, problems);
}
