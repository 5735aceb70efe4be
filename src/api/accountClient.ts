import * as l10n from '@vscode/l10n';
import type { CallOptions } from './callOptions';
import { unexpected } from './decode';
import { decodeAccount, decodeProject, decodeRegion, decodeTask } from './decodeItems';
import type { RequestPipeline } from './http/requestPipeline';
import { CLOUD_LIST, fetchList, type PagedListMessages } from './paging';
import type { Account, CloudList, Project, Region, Task } from './types';

/** Regions that run a product: all of them when undefined. */
export type RegionProduct = 'containers' | 'inference';

const PAGE_LIMIT = 100;

const PROJECT_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the projects list is not an object'),
  noItems: (field) => l10n.t('the projects list has no {0} array', field),
  tooMany: (total, max) => l10n.t('The Gcore API reports {0} projects, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

const REGION_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the regions list is not an object'),
  noItems: (field) => l10n.t('the regions list has no {0} array', field),
  tooMany: (total, max) => l10n.t('The Gcore API reports {0} regions, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

/** What the key gives access to: the account, its projects, the regions, and the tasks started with it. */
export class AccountClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  /**
   * The account behind the key, or behind `apiKey` when given (a key not saved yet); Gcore's own guide
   * checks a new key with this call (401 when wrong).
   */
  async me(options: CallOptions & { apiKey?: string } = {}): Promise<Account> {
    const response = await this.pipeline.send({ method: 'GET', segments: ['iam', 'clients', 'me'], signal: options.signal, gate: options.gate, apiKey: options.apiKey });
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
    const response = await this.pipeline.send({ method: 'GET', segments: ['cloud', 'v1', 'tasks', taskId], signal: options.signal, gate: options.gate });
    const task = decodeTask(response.body);
    if (!task) throw unexpected(l10n.t('the task has no id or state'));
    return task;
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
