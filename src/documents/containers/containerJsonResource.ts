import type { ContainerUpdateResult } from '../../api';
import type { Container, ContainerFlavor } from '../../api/containers/containerTypes';
import type { EditableResource } from '../editableResource';
import type { ResourceFileSystem } from '../resourceFileSystem';

/** What a container's JSON document is checked against besides its values: the location's sizes, when readable. */
export interface ContainerContext {
  sizes?: readonly ContainerFlavor[];
}

/**
 * A container's JSON document at `Address` (an existing container's, or New Container's): the container as Gcore
 * has it, its document's values, and `Sent`, what a send of it carries; Gcore answers with the tasks that follow.
 */
export type ContainerJsonResource<Address, Sent> = EditableResource<
  Address,
  Container,
  ContainerContext,
  Record<string, unknown>,
  Sent,
  ContainerUpdateResult
>;

/** The editor mechanism serving a container's JSON documents at `Address`. */
export type ContainerJsonEditor<Address, Sent> = ResourceFileSystem<
  Address,
  Container,
  ContainerContext,
  Record<string, unknown>,
  Sent,
  ContainerUpdateResult
>;
