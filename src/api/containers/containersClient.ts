import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { CallOptions } from '../callOptions';
import { asObject, markEmptyAnswer, unexpected, wasEmptyAnswer } from '../decode';
import { MAX_RESPONSE_BYTES } from '../http/attemptGuard';
import { megabytes, type RequestPipeline } from '../http/requestPipeline';
import { isGcoreApiError } from '../errors';
import { itemGone } from '../itemGone';
import { decodeTaskAnswer } from '../taskAnswer';
import { decodeContainer, decodeContainerFlavor } from './decodeContainerItems';
import { CLOUD_LIST, fetchList, readListPage, type ListMessages, type PagedListMessages } from '../paging';
import type { ContainerUpdateResult } from '../types';
import type {
  Container,
  ContainerFlavor,
  ContainerFlavorList,
  ContainerList,
  ContainerLogs,
  ContainerPrice,
  ContainerQuota,
} from './containerTypes';

/** The largest page of containers the API gives (its default too). */
const CONTAINER_PAGE_LIMIT = 1000;

/**
 * Room for one log line in an answer: an access log line is 200–300 bytes as Gcore sends it, a
 * structured (JSON) line can reach a kilobyte; Kubernetes cuts longer lines. 100,000 lines may be 98 MB.
 */
const LOG_LINE_BYTES = 1024;

/**
 * How many log lines an answer can hold once `lines` brought one past its cap: such lines average more
 * than LOG_LINE_BYTES, so only the base cap holds them. From the size the answer declared, with a tenth
 * to spare; without one, half as many. Rounded down to two digits, as people would ask.
 */
export function logLinesThatFit(lines: number, tooLarge: { declaredBytes?: number }): number {
  const perLine = tooLarge.declaredBytes !== undefined && tooLarge.declaredBytes > 0 ? tooLarge.declaredBytes / lines : undefined;
  const fitting = perLine !== undefined ? Math.floor((MAX_RESPONSE_BYTES / perLine) * 0.9) : Math.floor(lines / 2);
  const fewer = Math.max(1, Math.min(fitting, lines - 1));
  const unit = 10 ** Math.max(0, String(fewer).length - 2);
  return Math.floor(fewer / unit) * unit;
}

/** The largest answer read for `lines` log lines. */
export function logAnswerCap(lines: number): number {
  return Math.max(MAX_RESPONSE_BYTES, lines * LOG_LINE_BYTES);
}

const CONTAINER_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the containers list is not an object'),
  noItems: (field) => l10n.t('the containers list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} containers, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

const CONTAINER_SIZE_LIST: ListMessages = {
  notAnObject: () => l10n.t('the container size list is not an object'),
  noItems: (field) => l10n.t('the container size list has no {0} array', field),
};

/** Serverless containers (CaaS, `/cloud/v1/caas/…`). */
export class ContainersClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /** Every container of a project and region, page by page. */
  async list(ref: ProjectRegionRef, options: CallOptions = {}): Promise<ContainerList> {
    const { body, items, gaps } = await fetchList({
      messages: CONTAINER_LIST,
      shape: CLOUD_LIST,
      pageLimit: CONTAINER_PAGE_LIMIT,
      keyOf: (container) => container.name,
      decodeItem: decodeContainer,
      pipeline: this.pipeline,
      segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers'],
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }

  /** One container; an unknown name answers 404 (kind notFound). */
  async get(ref: ProjectRegionRef, containerName: string, options: CallOptions = {}): Promise<Container> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers', containerName],
      signal: options.signal,
      gate: options.gate,
    });
    const container = decodeContainer(response.body);
    if (!container) throw unexpected(l10n.t('the container has no name'));
    return container;
  }

  /** The container sizes of a project and region (not paged by the API). */
  async flavors(ref: ProjectRegionRef, options: CallOptions = {}): Promise<ContainerFlavorList> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'caas', 'flavors', ref.projectId, ref.regionId],
      signal: options.signal,
      gate: options.gate,
    });
    const { body, entries } = readListPage(response.body, CLOUD_LIST, CONTAINER_SIZE_LIST);
    const results = entries.map(decodeContainerFlavor).filter((flavor): flavor is ContainerFlavor => flavor !== undefined);
    return { ...body, count: results.length, results };
  }

  /**
   * The container's recent log lines, as many as `limit` (1..100,000), as Gcore sends them: objects that
   * usually hold `time`, `pod` and `message`. There is no cursor: following re-reads.
   */
  async logs(ref: ProjectRegionRef, containerName: string, limit: number, options: CallOptions = {}): Promise<ContainerLogs> {
    const maxBytes = logAnswerCap(limit);
    const response = await this.pipeline
      .send({
        method: 'GET',
        segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers', containerName, 'logs'],
        query: { limit: String(limit) },
        signal: options.signal,
        gate: options.gate,
        maxBytes,
      })
      .catch((error: unknown) => {
        // The number of lines is what the caller can change; say so.
        if (isGcoreApiError(error) && error.tooLarge) {
          error.message = l10n.t(
            'The newest {0} log lines of {1} are more than {2} MB, the most the extension reads for that many lines; ask for fewer lines.',
            limit,
            containerName,
            megabytes(maxBytes),
          );
        }
        throw error;
      });
    const body = asObject(response.body, () => l10n.t('the log answer is not an object'));
    const logs = body.logs ?? [];
    if (!Array.isArray(logs)) throw unexpected(l10n.t('{0} is not a list', 'logs'));
    return { ...body, logs };
  }

  /**
   * Sends the changes (wire field names, already validated). `is_disabled` goes in a request of its own,
   * after the others, because the API answers 405 when it comes with other fields; the task ids of both
   * are returned together. When every answer was empty the result is marked so (`wasEmptyAnswer`).
   */
  async update(ref: ProjectRegionRef, containerName: string, changes: object, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const tasks: string[] = [];
    let answered = false;
    const parts = splitDisabledChange(changes as Record<string, unknown>);
    for (const [index, part] of parts.entries()) {
      try {
        const result = await this.patch(ref, containerName, part, options);
        tasks.push(...result.tasks);
        answered ||= !wasEmptyAnswer(result);
      } catch (error) {
        if (index > 0 && error instanceof Error) {
          const applied = tasks.join(', ');
          error.message = applied
            ? l10n.t('The other changes were applied (tasks {0}), but changing "Disabled" failed: {1}', applied, error.message)
            : l10n.t('The other changes were applied (tasks none), but changing "Disabled" failed: {0}', error.message);
        }
        throw error;
      }
    }
    return answered ? { tasks } : markEmptyAnswer({ tasks });
  }

  /**
   * Creates a container from a create payload (wire field names, already validated); Gcore answers with the
   * task that deploys it. Never retried: a lost answer may still have created it.
   */
  async create(ref: ProjectRegionRef, container: object, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const response = await this.pipeline.send({
      method: 'POST',
      segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers'],
      body: container,
      signal: options.signal,
    });
    return decodeTaskAnswer(response.body, () => l10n.t('the create response is not an object'));
  }

  /** Deletes a container and all its logs; Gcore answers with the task that removes it. */
  async delete(ref: ProjectRegionRef, containerName: string, options: CallOptions = {}): Promise<ContainerUpdateResult> {
    const response = await this.pipeline.send({
      method: 'DELETE',
      segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers', containerName],
      signal: options.signal,
      onWait: options.onWait,
    });
    return decodeTaskAnswer(response.body, () => l10n.t('the delete response is not an object'));
  }

  /**
   * A delete's failure as what it means when the 404 is the container's own (see containerGone): the
   * container is not there, perhaps deleted already. Undefined when the failure says nothing of the container.
   */
  async deleteFailedAsGone(
    ref: ProjectRegionRef,
    containerName: string,
    error: unknown,
    options: CallOptions = {},
  ): Promise<Error | undefined> {
    if (!isGcoreApiError(error) || error.status !== 404 || !(await this.containerGone(ref, containerName, options))) return undefined;
    return new Error(
      l10n.t(
        'Container {0} is not in project {1}, region {2} (Gcore answered 404): it may have been deleted already.',
        containerName,
        ref.projectId,
        ref.regionId,
      ),
      { cause: error },
    );
  }

  /** Whether a 404 about a container means it is not there (see itemGone). */
  private containerGone(ref: ProjectRegionRef, containerName: string, options: CallOptions): Promise<boolean> {
    return itemGone(
      () => this.get(ref, containerName, options),
      () =>
        this.pipeline.send({
          method: 'GET',
          segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers'],
          query: { limit: '1', offset: '0' },
          signal: options.signal,
          gate: options.gate,
        }),
    );
  }

  /** What a container of this size and most instances would use of the location's quota (`check_limits`). */
  async checkLimits(
    ref: ProjectRegionRef,
    request: { flavor: string; max_replicas: number },
    options: CallOptions = {},
  ): Promise<ContainerQuota> {
    return this.ask(['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'check_limits'], request, options, () =>
      l10n.t('the quota answer is not an object'),
    );
  }

  /** What a container of this size and scale costs. */
  async price(
    ref: ProjectRegionRef,
    request: { flavor: string; scale: { min: number; max: number } },
    options: CallOptions = {},
  ): Promise<ContainerPrice> {
    return this.ask(['cloud', 'v1', 'pricing', ref.projectId, ref.regionId, 'caas'], request, options, () =>
      l10n.t('the price answer is not an object'),
    );
  }

  /** A question put as a POST that changes nothing (a quota check, a price), answered with one object. */
  private async ask(segments: readonly (string | number)[], body: object, options: CallOptions, notAnObject: () => string) {
    const response = await this.pipeline.send({ method: 'POST', segments, body, signal: options.signal, gate: options.gate });
    return asObject(response.body, notAnObject);
  }

  private async patch(ref: ProjectRegionRef, containerName: string, body: object, options: CallOptions): Promise<ContainerUpdateResult> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: ['cloud', 'v1', 'caas', ref.projectId, ref.regionId, 'containers', containerName],
      body,
      signal: options.signal,
    });
    return decodeContainerUpdate(response.body);
  }
}

/**
 * The requests an update takes: the API answers 405 when is_disabled comes with other fields, so it goes
 * in a request of its own, after the other changes.
 */
export function splitDisabledChange<T extends { is_disabled?: unknown }>(update: T): T[] {
  const rest = Object.fromEntries(Object.entries(update).filter(([key, value]) => key !== 'is_disabled' && value !== undefined)) as T;
  const parts: T[] = [];
  if (Object.keys(rest).length > 0) parts.push(rest);
  if (update.is_disabled !== undefined) parts.push({ is_disabled: update.is_disabled } as T);
  return parts;
}

/**
 * An empty answer to an update is not a failure: the change was sent and may have been carried out; the
 * result has no task ids and `wasEmptyAnswer` tells the caller so.
 */
function decodeContainerUpdate(value: unknown): ContainerUpdateResult {
  if (value === undefined) return markEmptyAnswer({ tasks: [] });
  return decodeTaskAnswer(value, () => l10n.t('the update response is not an object'));
}
