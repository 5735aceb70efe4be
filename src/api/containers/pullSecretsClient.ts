import * as l10n from '@vscode/l10n';
import type { ProjectRegionRef } from '../../core/projectRegion';
import type { CallOptions } from '../callOptions';
import { decodePullSecret } from './decodeContainerItems';
import { unexpected } from '../decode';
import { CLOUD_LIST, fetchList, type PagedListMessages } from '../paging';
import type { RequestPipeline } from '../http/requestPipeline';
import type { CloudList } from '../types';
import type { PullSecret } from './containerTypes';

/** The largest page of pull secrets the API gives. */
const SECRET_PAGE_LIMIT = 1000;

const SECRET_LIST: PagedListMessages = {
  notAnObject: () => l10n.t('the pull secret list is not an object'),
  noItems: (field) => l10n.t('the pull secret list has no {0} array', field),
  tooMany: (total, max) =>
    l10n.t('The Gcore API reports {0} pull secrets, more than the {1} this extension lists at once; nothing was loaded.', total, max),
};

/** What an update of a pull secret changes: any of its registry, login and password. */
export interface PullSecretChanges {
  registry?: string;
  login?: string;
  password?: string;
}

/**
 * The registry credentials of a location (`/cloud/v1/caas/secrets/{project_id}/{region_id}`), as containers'
 * `pull_secret` names them. The password goes to Gcore in a request body and nowhere else: the
 * request log never holds bodies, and Gcore never sends it back.
 */
export class PullSecretsClient {
  constructor(private readonly pipeline: RequestPipeline) {}

  async list(ref: ProjectRegionRef, options: CallOptions = {}): Promise<CloudList<PullSecret>> {
    const { body, items, gaps } = await fetchList({
      messages: SECRET_LIST,
      shape: CLOUD_LIST,
      pageLimit: SECRET_PAGE_LIMIT,
      keyOf: (secret) => secret.name,
      decodeItem: decodePullSecret,
      pipeline: this.pipeline,
      segments: this.path(ref),
      options,
    });
    return { ...body, count: items.length, results: items, ...gaps };
  }

  async create(
    ref: ProjectRegionRef,
    secret: Required<PullSecretChanges> & { name: string },
    options: CallOptions = {},
  ): Promise<PullSecret> {
    const response = await this.pipeline.send({ method: 'POST', segments: this.path(ref), body: secret, signal: options.signal });
    return answeredSecret(response.body, secret.name);
  }

  async update(ref: ProjectRegionRef, name: string, changes: PullSecretChanges, options: CallOptions = {}): Promise<PullSecret> {
    const response = await this.pipeline.send({
      method: 'PATCH',
      segments: [...this.path(ref), name],
      body: changes,
      signal: options.signal,
    });
    return answeredSecret(response.body, name);
  }

  /** Gcore answers 204 without a body. */
  async delete(ref: ProjectRegionRef, name: string, options: CallOptions = {}): Promise<void> {
    await this.pipeline.send({ method: 'DELETE', segments: [...this.path(ref), name], signal: options.signal, onWait: options.onWait });
  }

  private path(ref: ProjectRegionRef): (string | number)[] {
    return ['cloud', 'v1', 'caas', 'secrets', ref.projectId, ref.regionId];
  }
}

/**
 * The secret as Gcore answered, without a password even if an answer ever held one; an empty answer is the
 * secret by its name alone.
 */
function answeredSecret(value: unknown, name: string): PullSecret {
  if (value === undefined) return { name };
  const secret = decodePullSecret(value);
  if (!secret) throw unexpected(l10n.t('the pull secret answer has no name'));
  const { password: _password, ...shown } = secret;
  return shown as PullSecret;
}
