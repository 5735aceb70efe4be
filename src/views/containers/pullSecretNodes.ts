import * as l10n from '@vscode/l10n';
import type { PullSecret } from '../../api/containers/containerTypes';
import { ROW_CONTEXT } from '../../core/contributions';
import type { ProjectRegion } from '../../models/projectRegion';
import { pullSecretRowView } from './presentation/pullSecretView';
import { nodeGuard, type NodeView, type TreeNode } from '../treeNodes';
import { CONTAINERS_SECTION } from './containerNodes';
import type { LocationNode } from '../locationNodes';

/** A location's registry logins, the first row under its containers. */
export interface PullSecretsNode extends TreeNode {
  readonly nodeType: 'pullSecrets';
  readonly view: NodeView;
  readonly location: ProjectRegion;
}

export const isPullSecretsNode = nodeGuard<PullSecretsNode>('pullSecrets');

export function pullSecretsNode(parent: LocationNode): PullSecretsNode {
  return {
    nodeType: 'pullSecrets',
    id: `${parent.id}/pull-secrets`,
    section: CONTAINERS_SECTION.section,
    parent,
    location: parent.location,
    view: {
      label: l10n.t('Pull Secrets'),
      tooltip: l10n.t('Registry logins that containers of this location use to pull private images.'),
      icon: { id: 'key' },
      contextValue: ROW_CONTEXT.pullSecrets,
      collapsible: 'collapsed',
    },
  };
}

export interface PullSecretNode extends TreeNode {
  readonly nodeType: 'pullSecret';
  readonly view: NodeView;
  readonly location: ProjectRegion;
  readonly secret: PullSecret;
}

export const isPullSecretNode = nodeGuard<PullSecretNode>('pullSecret');

export function pullSecretNode(parent: PullSecretsNode, secret: PullSecret): PullSecretNode {
  return {
    nodeType: 'pullSecret',
    id: `${parent.id}/${secret.name}`,
    section: CONTAINERS_SECTION.section,
    parent,
    location: parent.location,
    secret,
    copy: { value: secret.name, label: l10n.t('the name'), of: secret.name },
    view: pullSecretRowView(secret),
  };
}
