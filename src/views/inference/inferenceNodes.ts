import * as l10n from '@vscode/l10n';
import type {
  InferenceApiKey,
  InferenceApplication,
  InferenceDeployment,
  InferenceRegionContainer,
  InferenceRegistryCredential,
} from '../../api/inference/inferenceTypes';
import { ROW_CONTEXT } from '../../core/contributions';
import { inferencePortalPage } from '../../models/inference/inferencePortalPages';
import { nodeGuard, sectionNode, type NodeView, type TreeNode } from '../treeNodes';
import type { DeploymentChange } from './presentation/deploymentView';

export const INFERENCE_SECTION = sectionNode('inference', l10n.t('Inference'), 'sparkle', ROW_CONTEXT.inferenceSection);

/** A project of `gcore.locations`, as the Inference section lists it: inference lives in a project, not a region. */
export interface InferenceProject {
  projectId: number;
  /** The label `gcore.locations` gives one of its locations. */
  label?: string;
}

/** A project's row under Inference: its deployments, applications, registry credentials and API keys. */
export interface InferenceProjectNode extends TreeNode {
  readonly nodeType: 'inferenceProject';
  readonly view: NodeView;
  readonly projectId: number;
}

export const isInferenceProjectNode = nodeGuard<InferenceProjectNode>('inferenceProject');

export function inferenceProjectNode(project: InferenceProject): InferenceProjectNode {
  const ids = l10n.t('project {0}', project.projectId);
  return {
    nodeType: 'inferenceProject',
    id: `${INFERENCE_SECTION.id}/${project.projectId}`,
    section: INFERENCE_SECTION.section,
    parent: INFERENCE_SECTION,
    projectId: project.projectId,
    portal: inferencePortalPage(project.projectId),
    view: {
      label: project.label ?? ids,
      description: project.label ? ids : undefined,
      tooltip: l10n.t(
        'Everywhere Inference deployments, applications, registry credentials and API keys of project {0}',
        project.projectId,
      ),
      icon: { id: 'project' },
      contextValue: ROW_CONTEXT.inferenceProject,
      collapsible: 'collapsed',
    },
  };
}

/** One of a project's lists: its deployments, its applications, its registry credentials or its API keys. */
export interface InferenceListNode extends TreeNode {
  readonly nodeType: 'inferenceDeployments' | 'inferenceApplications' | 'inferenceCredentials' | 'inferenceApiKeys';
  readonly view: NodeView;
  readonly projectId: number;
  readonly parent: InferenceProjectNode;
}

export const isInferenceDeploymentsNode = nodeGuard<InferenceListNode & { nodeType: 'inferenceDeployments' }>('inferenceDeployments');
export const isInferenceApplicationsNode = nodeGuard<InferenceListNode & { nodeType: 'inferenceApplications' }>('inferenceApplications');
export const isInferenceCredentialsNode = nodeGuard<InferenceListNode & { nodeType: 'inferenceCredentials' }>('inferenceCredentials');
export const isInferenceApiKeysNode = nodeGuard<InferenceListNode & { nodeType: 'inferenceApiKeys' }>('inferenceApiKeys');

function listNode(parent: InferenceProjectNode, nodeType: InferenceListNode['nodeType'], key: string, view: NodeView): InferenceListNode {
  return {
    nodeType,
    id: `${parent.id}/${key}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    portal: parent.portal,
    view,
  };
}

/** The project's own deployments (not an application's components); `count` once they are read. */
export function inferenceDeploymentsNode(parent: InferenceProjectNode, count?: number): InferenceListNode {
  return listNode(parent, 'inferenceDeployments', 'deployments', {
    label: l10n.t('Deployments'),
    description: count === undefined ? undefined : String(count),
    tooltip: l10n.t('The model servers of this project, each on an inference flavor in the regions it runs in.'),
    icon: { id: 'server-process' },
    contextValue: ROW_CONTEXT.inferenceDeployments,
    collapsible: 'collapsed',
  });
}

export function inferenceApplicationsNode(parent: InferenceProjectNode): InferenceListNode {
  return listNode(parent, 'inferenceApplications', 'applications', {
    label: l10n.t('Applications'),
    tooltip: l10n.t("Applications of Gcore's catalogue deployed in this project, with their component deployments."),
    icon: { id: 'extensions' },
    contextValue: ROW_CONTEXT.inferenceApplications,
    collapsible: 'collapsed',
  });
}

export function inferenceCredentialsNode(parent: InferenceProjectNode): InferenceListNode {
  return listNode(parent, 'inferenceCredentials', 'credentials', {
    label: l10n.t('Registry Credentials'),
    tooltip: l10n.t('Logins to private registries that deployments of this project pull their images with.'),
    icon: { id: 'key' },
    contextValue: ROW_CONTEXT.inferenceCredentials,
    collapsible: 'collapsed',
  });
}

export function inferenceApiKeysNode(parent: InferenceProjectNode): InferenceListNode {
  return listNode(parent, 'inferenceApiKeys', 'api-keys', {
    label: l10n.t('API Keys'),
    tooltip: l10n.t(
      'Keys that deployments of this project ask callers for (X-API-Key); a deployment with none attached answers anyone who knows its address.',
    ),
    icon: { id: 'shield' },
    contextValue: ROW_CONTEXT.inferenceApiKeys,
    collapsible: 'collapsed',
  });
}

/** The account's inference quota, after the projects: inference limits are account-wide. */
export interface InferenceQuotaNode extends TreeNode {
  readonly nodeType: 'inferenceQuota';
  readonly view: NodeView;
}

export const isInferenceQuotaNode = nodeGuard<InferenceQuotaNode>('inferenceQuota');

/** `summary`: the GPU limits in use of allowed, once the quota is read. */
export function inferenceQuotaNode(summary?: string): InferenceQuotaNode {
  return {
    nodeType: 'inferenceQuota',
    id: `${INFERENCE_SECTION.id}/quota`,
    section: INFERENCE_SECTION.section,
    parent: INFERENCE_SECTION,
    view: {
      label: l10n.t('Quota'),
      description: summary,
      tooltip: l10n.t("The account's inference limits and what is in use: each pod in each region takes one GPU of its flavor."),
      icon: { id: 'dashboard' },
      contextValue: ROW_CONTEXT.inferenceQuota,
      collapsible: 'collapsed',
    },
  };
}

/*
 * The rows under a project's lists are made by code loaded when one is first expanded (inferenceRowNodes.ts); what
 * they are is known from the start, to the menus' commands too.
 */

/** A deployment: one of the project's own, or a component of an application (`application` names it). */
export interface InferenceDeploymentNode extends TreeNode {
  readonly nodeType: 'inferenceDeployment';
  readonly view: NodeView;
  readonly projectId: number;
  readonly deployment: InferenceDeployment;
  readonly application?: string;
  readonly change?: DeploymentChange;
}

export const isInferenceDeploymentNode = nodeGuard<InferenceDeploymentNode>('inferenceDeployment');

export interface InferenceApplicationNode extends TreeNode {
  readonly nodeType: 'inferenceApplication';
  readonly view: NodeView;
  readonly projectId: number;
  readonly application: InferenceApplication;
  /** Its component deployments, as the project's deployments list them. */
  readonly components: readonly InferenceDeployment[];
}

export const isInferenceApplicationNode = nodeGuard<InferenceApplicationNode>('inferenceApplication');

/** A region a deployment runs in: its pods, address and error. */
export interface InferenceRegionNode extends TreeNode {
  readonly nodeType: 'inferenceRegion';
  readonly view: NodeView;
  readonly projectId: number;
  readonly deployment: InferenceDeployment;
  readonly region: InferenceRegionContainer;
}

export const isInferenceRegionNode = nodeGuard<InferenceRegionNode>('inferenceRegion');

export interface InferenceCredentialNode extends TreeNode {
  readonly nodeType: 'inferenceCredential';
  readonly view: NodeView;
  readonly projectId: number;
  readonly credential: InferenceRegistryCredential;
}

export const isInferenceCredentialNode = nodeGuard<InferenceCredentialNode>('inferenceCredential');

/** A deployment API key; `secretHeld`: this machine's SecretStorage holds its secret (Gcore shows it only at its create). */
export interface InferenceApiKeyNode extends TreeNode {
  readonly nodeType: 'inferenceApiKey';
  readonly view: NodeView;
  readonly projectId: number;
  readonly key: InferenceApiKey;
  readonly secretHeld: boolean;
}

export const isInferenceApiKeyNode = nodeGuard<InferenceApiKeyNode>('inferenceApiKey');
