import type { GcoreClient } from '../api';
import type { RegionProduct } from '../api/accountClient';
import type { Account, CloudList, Project, Region } from '../api/types';
import type { ConcurrencyLimit } from './concurrencyLimit';
import { KeyedLoader, type Loaded } from './keyedLoader';

/**
 * The account itself (the key's status and the Accounts menu name it) and its projects and regions (the
 * prompts that add a location offer them), each read once and remembered until the key or a setting changes.
 */
export class AccountReads {
  private readonly accounts: KeyedLoader<Account>;
  private readonly projectLists: KeyedLoader<CloudList<Project>>;
  private readonly regionLists: KeyedLoader<CloudList<Region>>;

  constructor(
    private readonly client: Pick<GcoreClient, 'account'>,
    limit: ConcurrencyLimit,
  ) {
    this.accounts = new KeyedLoader(limit);
    this.projectLists = new KeyedLoader(limit);
    this.regionLists = new KeyedLoader(limit);
  }

  account(): Promise<Loaded<Account>> {
    return this.accounts.load('me', (call) => this.client.account.me(call));
  }

  /** The account, if it was read already: for answers that must not send a request (the Accounts menu). */
  loadedAccount(): Account | undefined {
    return this.accounts.loaded('me');
  }

  projects(): Promise<Loaded<CloudList<Project>>> {
    return this.projectLists.load('projects', (call) => this.client.account.listProjects(call));
  }

  regions(product: RegionProduct | undefined): Promise<Loaded<CloudList<Region>>> {
    return this.regionLists.load(product ?? 'all', (call) => this.client.account.listRegions(product, call));
  }

  invalidate(): void {
    this.accounts.invalidate();
    this.projectLists.invalidate();
    this.regionLists.invalidate();
  }
}
