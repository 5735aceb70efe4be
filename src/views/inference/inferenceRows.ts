import * as l10n from '@vscode/l10n';
import { isEndpointMissing } from '../../api/errors';
import type { InferenceApiKey, InferenceDeployment } from '../../api/inference/inferenceTypes';
import type { CloudList } from '../../api/types';
import type { Loaded } from '../../loaders/keyedLoader';
import { groupDeployments } from '../../models/inference/inferenceApplications';
import { INFERENCE_APPLICATION_KIND, INFERENCE_DEPLOYMENT_KIND } from '../../models/inference/inferenceKinds';
import { deploymentMoves } from '../../models/inference/inferenceStatus';
import { listRows, shownLoad, wasCancelled } from '../kit/listRows';
import { LocationPolls } from '../kit/locationPolls';
import { failedRow, gapRows, quietRow } from '../kit/rows';
import { hintNode, type TreeNode } from '../treeNodes';
import {
  INFERENCE_SECTION,
  inferenceApiKeysNode,
  inferenceApplicationsNode,
  inferenceCredentialsNode,
  inferenceDeploymentsNode,
  type InferenceApplicationNode,
  type InferenceDeploymentNode,
  type InferenceListNode,
  type InferenceProjectNode,
  type InferenceQuotaNode,
} from './inferenceNodes';
import {
  deploymentDetailNodes,
  inferenceApiKeyNode,
  inferenceApplicationNode,
  inferenceCredentialNode,
  inferenceDeploymentNode,
} from './inferenceRowNodes';
import type { InferenceRows, InferenceRowsDeps } from './inferenceSource';
import { inferenceChange } from './presentation/inferenceChangeWords';
import { API_KEY_GAPS, APPLICATION_GAPS, CREDENTIAL_GAPS, DEPLOYMENT_GAPS } from './presentation/inferenceGaps';
import { hasNoGpuQuota, quotaEntries, quotaEntryDescription, quotaSummary } from './presentation/quotaView';
import { deploymentTooltip } from './presentation/deploymentView';

/** How long a project with a moving deployment waits before its deployments are read again. */
export const MOVING_DEPLOYMENT_POLL_MS = 5_000;

type DeploymentList = CloudList<InferenceDeployment>;

/**
 * The Inference section's rows under each project and the Quota row, loaded on the first expansion of one: the
 * lists, and the polls of the projects whose deployments move (one read of the project's deployments a round), no other.
 */
export class InferenceRowsOf implements InferenceRows {
  private readonly polls: LocationPolls;
  readonly credentialRows: (node: InferenceListNode) => Promise<TreeNode[]>;
  readonly apiKeyRows: (node: InferenceListNode) => Promise<TreeNode[]>;

  constructor(private readonly deps: InferenceRowsDeps) {
    this.polls = new LocationPolls(deps.pollMs ?? MOVING_DEPLOYMENT_POLL_MS);
    this.credentialRows = listRows(deps.view, {
      load: (node: InferenceListNode) => deps.reads.registryCredentials(node.projectId),
      failed: () => l10n.t('Failed to load registry credentials'),
      missing: (node) => [
        quietRow(
          node,
          'unavailable',
          l10n.t('Registry credentials are not available from this API'),
          l10n.t('The API at gcore.apiBaseUrl has no list of registry credentials. Deployments name a credential by typing it.'),
        ),
      ],
      rows: (node, list) => [
        ...list.results.map((credential) => inferenceCredentialNode(node, credential)),
        ...gapRows(node, list, CREDENTIAL_GAPS),
      ],
      empty: (node) => hintNode(node, 'empty', { label: l10n.t('No registry credentials in this project'), icon: { id: 'info' } }),
    });
    this.apiKeyRows = listRows(deps.view, {
      load: (node: InferenceListNode) => this.apiKeysWithSecrets(node.projectId),
      failed: () => l10n.t('Failed to load API keys'),
      missing: (node) => [
        quietRow(
          node,
          'unavailable',
          l10n.t('API keys are not available from this API'),
          l10n.t('The API at gcore.apiBaseUrl has no list of inference API keys. Deployments name a key by typing it.'),
        ),
      ],
      rows: (node, { list, held }) => {
        const nowMs = (deps.now ?? Date.now)();
        return [
          ...list.results.map((key) => inferenceApiKeyNode(node, key, held.has(key.name), nowMs)),
          ...gapRows(node, list, API_KEY_GAPS),
        ];
      },
      empty: (node) =>
        hintNode(node, 'empty', {
          label: l10n.t('No API keys in this project'),
          description: l10n.t('its deployments answer anyone who knows their address'),
          icon: { id: 'info' },
        }),
    });
  }

  /** A project's keys, and which of their secrets this machine holds (a store that cannot be read holds none). */
  private async apiKeysWithSecrets(projectId: number): Promise<Loaded<{ list: CloudList<InferenceApiKey>; held: ReadonlySet<string> }>> {
    const list = await this.deps.reads.apiKeys(projectId);
    if (list.state === 'failed') return list;
    const held = await Promise.all(
      list.value.results.map(async (key) =>
        (await this.deps.keySecrets.has({ projectId, name: key.name }).catch(() => false)) ? [key.name] : [],
      ),
    );
    return { state: 'loaded', value: { list: list.value, held: new Set(held.flat()) } };
  }

  /**
   * A project's lists, once its deployments are read (an API without them is said once for the section); an account
   * without inference quota and a project without deployments: one quiet row that says why there are none.
   */
  async projectRows(node: InferenceProjectNode): Promise<TreeNode[]> {
    const { reads, view } = this.deps;
    const [list, quota] = await shownLoad(
      view,
      () => Promise.all([reads.deployments(node.projectId), reads.quota()]),
      ([deployments, read]) => wasCancelled(deployments) || wasCancelled(read),
    );
    const credentials = inferenceCredentialsNode(node);
    const apiKeys = inferenceApiKeysNode(node);
    if (list.state === 'failed') {
      if (isEndpointMissing(list.error)) {
        this.deps.unavailable.mark(node);
        return [];
      }
      return [failedRow(node, l10n.t('Failed to load inference deployments'), list.error), credentials, apiKeys];
    }
    this.watch(node, list.value);
    if (list.value.results.length === 0 && quota.state === 'loaded' && hasNoGpuQuota(quota.value)) {
      return [
        quietRow(
          node,
          'no-quota',
          l10n.t('No inference quota on this account yet'),
          l10n.t('A new account starts with zero inference quota: no deployment can be created until Gcore raises it.'),
        ),
        credentials,
        apiKeys,
      ];
    }
    const { own } = groupDeployments(list.value.results);
    return [inferenceDeploymentsNode(node, own.length), inferenceApplicationsNode(node), credentials, apiKeys];
  }

  /** The project's own deployments (an application's components are under it), those created here and not listed yet after them. */
  async deploymentRows(node: InferenceListNode): Promise<TreeNode[]> {
    const list = await shownLoad(this.deps.view, () => this.deps.reads.deployments(node.projectId), wasCancelled);
    if (list.state === 'failed') return [failedRow(node, l10n.t('Failed to load inference deployments'), list.error)];
    this.watch(node.parent, list.value);
    const changes = this.deps.changesAt(INFERENCE_DEPLOYMENT_KIND, node.projectId);
    const rows: TreeNode[] = [];
    for (const deployment of groupDeployments(list.value.results).own) {
      rows.push(inferenceDeploymentNode(node, deployment, this.changeOf(node.projectId, deployment)));
    }
    const listed = new Set(list.value.results.map((deployment) => deployment.name));
    for (const [name, subject] of changes) {
      if (subject.action === 'create' && !listed.has(name)) rows.push(inferenceDeploymentNode(node, { name }, 'create'));
    }
    rows.push(...gapRows(node, list.value, DEPLOYMENT_GAPS));
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('No inference deployments in this project'), icon: { id: 'info' } })];
  }

  async applicationRows(node: InferenceListNode): Promise<TreeNode[]> {
    const { reads, view } = this.deps;
    const [applications, deployments] = await shownLoad(
      view,
      () => Promise.all([reads.applications(node.projectId), reads.deployments(node.projectId)]),
      ([apps, list]) => wasCancelled(apps) || wasCancelled(list),
    );
    if (applications.state === 'failed') {
      if (isEndpointMissing(applications.error)) {
        return [
          quietRow(
            node,
            'unavailable',
            l10n.t('Applications are not available from this API'),
            l10n.t("The API at gcore.apiBaseUrl has no list of the catalogue's applications. Deployments are listed as before."),
          ),
        ];
      }
      return [failedRow(node, l10n.t('Failed to load applications'), applications.error)];
    }
    const { components } = groupDeployments(deployments.state === 'loaded' ? deployments.value.results : []);
    const changes = this.deps.changesAt(INFERENCE_APPLICATION_KIND, node.projectId);
    const rows: TreeNode[] = applications.value.results.map((application) =>
      inferenceApplicationNode(
        node,
        application,
        components.get(application.name) ?? [],
        inferenceChange(changes.get(application.name)?.action),
      ),
    );
    rows.push(...gapRows(node, applications.value, APPLICATION_GAPS));
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('No applications in this project'), icon: { id: 'info' } })];
  }

  /** An application's components, offered no change of their own (their application's are). */
  componentRows(node: InferenceApplicationNode): TreeNode[] {
    const rows = node.components.map((deployment) =>
      inferenceDeploymentNode(node, deployment, this.changeOf(node.projectId, deployment), node.application.name),
    );
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('No component deployments listed yet'), icon: { id: 'info' } })];
  }

  /** Its address and regions, each region named as the account's regions name it (its id when they cannot be read). */
  async detailRows(node: InferenceDeploymentNode): Promise<TreeNode[]> {
    const names = await this.deps.regionNames();
    return deploymentDetailNodes(node, (regionId) => names.get(regionId));
  }

  /** The account's limits, each with its usage; the Quota row says the GPUs' once they are read. */
  async quotaRows(node: InferenceQuotaNode): Promise<TreeNode[]> {
    const quota = await shownLoad(this.deps.view, () => this.deps.reads.quota(), wasCancelled);
    if (quota.state === 'failed') {
      if (isEndpointMissing(quota.error)) {
        return [
          quietRow(
            node,
            'unavailable',
            l10n.t('The inference quota is not available from this API'),
            l10n.t("The API at gcore.apiBaseUrl has no account quotas. Gcore's portal shows them."),
          ),
        ];
      }
      return [failedRow(node, l10n.t('Failed to load the inference quota'), quota.error)];
    }
    if (node.view.description !== quotaSummary(quota.value)) this.deps.view.refresh(INFERENCE_SECTION);
    const rows: TreeNode[] = quotaEntries(quota.value).map((entry) =>
      hintNode(node, entry.key, {
        label: entry.label,
        description: quotaEntryDescription(entry),
        icon: { id: entry.usage >= entry.limit ? 'circle-large-filled' : 'circle-large-outline' },
      }),
    );
    if (rows.length > 0) return rows;
    return [hintNode(node, 'empty', { label: l10n.t('Gcore reports no inference limits for this account'), icon: { id: 'info' } })];
  }

  deploymentTooltip(node: InferenceDeploymentNode): string {
    return deploymentTooltip(node.deployment, node.application !== undefined);
  }

  quotaSummary(): string | undefined {
    const settled = this.deps.reads.settledQuota();
    return settled?.state === 'loaded' ? quotaSummary(settled.value) : undefined;
  }

  dispose(): void {
    this.polls.dispose();
  }

  /** A start or stop waited for, else the change followed as tasks. */
  private changeOf(projectId: number, deployment: InferenceDeployment) {
    const followed = this.deps.changesAt(INFERENCE_DEPLOYMENT_KIND, projectId).get(deployment.name);
    return this.deps.waits.changeOf(projectId, deployment) ?? inferenceChange(followed?.action);
  }

  /**
   * Reads the project's deployments again in a while when one of them moves, a change of one is followed, or a start
   * or stop waits to show: one request per such project a round, none while nothing moves.
   */
  private watch(project: InferenceProjectNode, list: DeploymentList): void {
    const { waits, reads, view } = this.deps;
    waits.forgetUnlisted(project.projectId, new Set(list.results.map((deployment) => deployment.name)));
    const moving =
      list.results.some((deployment) => deploymentMoves(deployment, waits.changeOf(project.projectId, deployment))) ||
      this.deps.changesAt(INFERENCE_DEPLOYMENT_KIND, project.projectId).size > 0 ||
      waits.pending(project.projectId);
    if (!moving) return;
    this.polls.schedule(String(project.projectId), () => {
      // Read first, then redraw: VS Code forgets a row's children while it asks for them again, and a menu command
      // chosen on a deployment then comes without its row; answered from what was read, the asking is brief.
      reads.invalidateDeployments(project.projectId);
      const redraw = () => view.refresh(project);
      void reads.deployments(project.projectId).then(redraw, redraw);
    });
  }
}
