import * as l10n from '@vscode/l10n';
import type { CallOptions } from '../callOptions';
import { asObject, unexpected } from '../decode';
import { decodeSshKey } from './decodeGpuItems';
import type { RequestPipeline } from '../http/requestPipeline';
import { CLOUD_LIST, fetchList, type PagedListMessages } from '../paging';
import type { CreatedSshKey, SshKey, SshKeyCreate } from './gpuClusterTypes';
import type { CloudList } from '../types';

/** The largest page of keys Gcore gives; it gives 10 unless asked for more. */
const SSH_KEY_PAGE_LIMIT = 1000;

const SSH_KEY_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the SSH key list is not an object'),
  noItems: (field) => l10n.t('the SSH key list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} SSH keys, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

/** A project's SSH keys (`/cloud/v1/ssh_keys/{project}`): they belong to the project, not to a region. */
export class SshKeysClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  async list(projectId: number, options: CallOptions = {}): Promise<CloudList<SshKey>> {
    const { body, items, gaps } = await fetchList({
      messages: SSH_KEY_LIST,
      shape: CLOUD_LIST,
      pageLimit: SSH_KEY_PAGE_LIMIT,
      keyOf: (key) => key.id,
      decodeItem: decodeSshKey,
      pipeline: this.pipeline,
      segments: ['cloud', 'v1', 'ssh_keys', projectId],
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }

  /**
   * Uploads a public key, or, without one, has Gcore generate a pair: its answer then holds the private key,
   * once. Never sent twice on its own.
   */
  async create(projectId: number, key: SshKeyCreate, options: CallOptions = {}): Promise<CreatedSshKey> {
    const response = await this.pipeline.send({
      method: 'POST',
      segments: ['cloud', 'v1', 'ssh_keys', projectId],
      body: key,
      signal: options.signal,
    });
    const created = decodeSshKey(asObject(response.body, () => l10n.t('the SSH key answer is not an object')));
    if (!created) throw unexpected(l10n.t('the SSH key answer has no id or name'));
    return created;
  }

  async delete(projectId: number, keyId: string, options: CallOptions = {}): Promise<void> {
    await this.pipeline.send({
      method: 'DELETE',
      segments: ['cloud', 'v1', 'ssh_keys', projectId, keyId],
      signal: options.signal,
      onWait: options.onWait,
    });
  }
}
