import * as l10n from '@vscode/l10n';
import type { CallOptions } from './callOptions';
import { unexpected } from './decode';
import { decodeAccount, decodeProject, decodeRegion, decodeTask } from './decodeItems';
import type { RequestPipeline } from './http/requestPipeline';
import { CLOUD_LIST, fetchList, readListPage, type ListMessages, type PagedListMessages } from './paging';
import type { Account, CloudList, Project, Region, Task } from './types';

/** Regions that run a product: all of them when undefined. */
export type RegionProduct = 'containers' | 'inference';

const PAGE_LIMIT = 100;

const PROJECT_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the projects list is not an object'),
  noItems: (field) => l10n.t('the projects list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} projects, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

const REGION_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the regions list is not an object'),
  noItems: (field) => l10n.t('the regions list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} regions, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

const TASK_LIST: ListMessages = {
  notAnObject: () => l10n.t('the task list is not an object'),
  noItems: (field) => l10n.t('the task list has no {0} array', field),
};

/** The most tasks one page of `GET /cloud/v1/tasks` holds. */
export const TASK_LIST_MAX_LIMIT = 1000;

/** What `GET /cloud/v1/tasks` is asked for; each list repeats its parameter, and an empty or absent one filters nothing. */
export interface TaskListQuery {
  /** NEW, RUNNING, FINISHED, ERROR. */
  states?: readonly string[];
  projectIds?: readonly number[];
  regionIds?: readonly number[];
  /** Tasks of these types (`start_gpu_virtual_cluster`, …). */
  taskTypes?: readonly string[];
  /** Tasks created at or after this time (ISO 8601). */
  fromTimestamp?: string;
  /** 1 to 1000; Gcore's default is 10. */
  limit?: number;
  offset?: number;
}

/** One page of the task list, newest first. */
export interface TaskListPage {
  /** The tasks that match over all pages, as the page reports it; undefined when it reports none. */
  count: number | undefined;
  /** The page's tasks that could be read (an id and a state). */
  results: Task[];
  /** The page's entries that could not be read: they count for the offset of the next page. */
  unreadable: number;
}

/** What the key gives access to: the account, its projects, the regions, and the tasks started with it. */
export class AccountClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * The account behind the key, or behind `apiKey` when given (a key not saved yet); Gcore's own guide
   * checks a new key with this call (401 when wrong).
   */
  async me(options: CallOptions & { apiKey?: string } = {}): Promise<Account> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['iam', 'clients', 'me'],
      signal: options.signal,
      gate: options.gate,
      apiKey: options.apiKey,
    });
    const account = decodeAccount(response.body);
    if (!account) throw unexpected(l10n.t('the account is not an object'));
    return account;
  }

  /** Every project, by name. */
  async listProjects(options: CallOptions = {}): Promise<CloudList<Project>> {
    return this.cloudList(PROJECT_LIST, ['cloud', 'v1', 'projects'], { order_by: 'name.asc' }, decodeProject, options);
  }

  /** Every region, or those that run `product`. */
  async listRegions(product: RegionProduct | undefined, options: CallOptions = {}): Promise<CloudList<Region>> {
    return this.cloudList(REGION_LIST, ['cloud', 'v1', 'regions'], { product }, decodeRegion, options);
  }

  /** A task by its id (ids are global: no project or region in the path). */
  async getTask(taskId: string, options: CallOptions = {}): Promise<Task> {
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'tasks', taskId],
      signal: options.signal,
      gate: options.gate,
    });
    const task = decodeTask(response.body);
    if (!task) throw unexpected(l10n.t('the task has no id or state'));
    return task;
  }

  /**
   * One page of the account's tasks, newest first (`GET /cloud/v1/tasks`), filtered as asked. There is no
   * filter by task id: a caller following tasks asks for their states, projects and regions.
   */
  async listTasks(query: TaskListQuery, options: CallOptions = {}): Promise<TaskListPage> {
    const many = (values: readonly (string | number)[] | undefined) => (values && values.length > 0 ? values.map(String) : undefined);
    const response = await this.pipeline.send({
      method: 'GET',
      segments: ['cloud', 'v1', 'tasks'],
      query: {
        state: many(query.states),
        project_id: many(query.projectIds),
        region_id: many(query.regionIds),
        task_type: many(query.taskTypes),
        from_timestamp: query.fromTimestamp,
        limit: query.limit === undefined ? undefined : String(Math.min(TASK_LIST_MAX_LIMIT, Math.max(1, Math.floor(query.limit)))),
        offset: query.offset === undefined ? undefined : String(Math.max(0, Math.floor(query.offset))),
      },
      signal: options.signal,
      gate: options.gate,
    });
    const { total, entries } = readListPage(response.body, CLOUD_LIST, TASK_LIST);
    const results: Task[] = [];
    for (const entry of entries) {
      const task = decodeTask(entry);
      if (task) results.push(task);
    }
    return { count: total, results, unreadable: entries.length - results.length };
  }

  private async cloudList<T extends { id: number }>(
    messages: PagedListMessages,
    segments: readonly string[],
    query: Record<string, string | undefined>,
    decodeItem: (entry: unknown) => T | undefined,
    options: CallOptions,
  ): Promise<CloudList<T>> {
    const { body, items, gaps } = await fetchList({
      messages,
      shape: CLOUD_LIST,
      pageLimit: PAGE_LIMIT,
      keyOf: (item) => String(item.id),
      decodeItem,
      pipeline: this.pipeline,
      segments,
      query,
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }
}
