import * as l10n from '@vscode/l10n';
import type {
  InferenceApiKey,
  InferenceApplication,
  InferenceDeployment,
  InferenceRegionContainer,
  InferenceRegistryCredential,
} from '../../api/inference/inferenceTypes';
import { inferenceDeploymentPortalPage, inferencePortalPage } from '../../models/inference/inferencePortalPages';
import { hintNode, type TreeNode } from '../treeNodes';
import { nonEmptyText } from '../presentation/wireValues';
import {
  INFERENCE_SECTION,
  type InferenceApiKeyNode,
  type InferenceApplicationNode,
  type InferenceCredentialNode,
  type InferenceDeploymentNode,
  type InferenceRegionNode,
} from './inferenceNodes';
import type { InferenceChange } from './presentation/inferenceChangeWords';
import { apiKeyRowView, authRowView } from './presentation/apiKeyView';
import { applicationRowView } from './presentation/applicationView';
import { credentialRowView } from './presentation/credentialView';
import { addressRowView, deploymentRowView, regionRowView, type DeploymentChange } from './presentation/deploymentView';
import { regionsOf } from './presentation/deploymentStates';

/** A deployment's row under Deployments, or under its application (`application`); `change`: one under way. */
export function inferenceDeploymentNode(
  parent: TreeNode & { projectId: number },
  deployment: InferenceDeployment,
  change?: DeploymentChange,
  application?: string,
): InferenceDeploymentNode {
  const listed = deployment.status !== undefined;
  return {
    nodeType: 'inferenceDeployment',
    id: `${parent.id}/${deployment.name}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    deployment,
    application,
    change,
    portal: inferenceDeploymentPortalPage({ projectId: parent.projectId, name: deployment.name }),
    // A create not listed yet has nothing under it.
    view: { ...deploymentRowView(deployment, change, application !== undefined), collapsible: listed ? 'collapsed' : 'none' },
  };
}

export function inferenceApplicationNode(
  parent: TreeNode & { projectId: number },
  application: InferenceApplication,
  components: readonly InferenceDeployment[],
  change?: InferenceChange,
): InferenceApplicationNode {
  return {
    nodeType: 'inferenceApplication',
    id: `${parent.id}/${application.name}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    application,
    components,
    portal: inferencePortalPage(parent.projectId),
    copy: { value: application.name, label: l10n.t('the name'), of: application.name },
    view: { ...applicationRowView(application, change), collapsible: 'collapsed' },
  };
}

/** What is under a deployment: its address, whether it asks callers for a key, then each region it runs in, by its name when `regionName` knows it. */
export function deploymentDetailNodes(parent: InferenceDeploymentNode, regionName: (regionId: number) => string | undefined): TreeNode[] {
  const { deployment } = parent;
  const rows: TreeNode[] = [];
  const address = nonEmptyText(deployment.address);
  if (address !== undefined) {
    rows.push({
      nodeType: 'inferenceAddress',
      id: `${parent.id}/address`,
      section: INFERENCE_SECTION.section,
      parent,
      copy: { value: address, label: l10n.t('the address'), of: deployment.name },
      view: addressRowView(address),
    });
  }
  if (deployment.api_keys !== undefined || deployment.auth_enabled !== undefined) {
    rows.push(hintNode(parent, 'auth', authRowView(deployment.auth_enabled === false ? [] : (deployment.api_keys ?? []))));
  }
  rows.push(...regionsOf(deployment).map((region) => regionNode(parent, region, regionName(region.region_id))));
  return rows;
}

function regionNode(parent: InferenceDeploymentNode, region: InferenceRegionContainer, name: string | undefined): InferenceRegionNode {
  const address = nonEmptyText(region.address);
  return {
    nodeType: 'inferenceRegion',
    id: `${parent.id}/region-${region.region_id}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    deployment: parent.deployment,
    region,
    portal: parent.portal,
    copy:
      address === undefined
        ? undefined
        : {
            value: address,
            label: l10n.t('the address in {0}', name ?? l10n.t('region {0}', region.region_id)),
            of: parent.deployment.name,
          },
    view: regionRowView(region, name),
  };
}

export function inferenceCredentialNode(
  parent: TreeNode & { projectId: number },
  credential: InferenceRegistryCredential,
): InferenceCredentialNode {
  return {
    nodeType: 'inferenceCredential',
    id: `${parent.id}/${credential.name}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    credential,
    portal: inferencePortalPage(parent.projectId),
    copy: { value: credential.name, label: l10n.t('the name'), of: credential.name },
    view: credentialRowView(credential),
  };
}

export function inferenceApiKeyNode(
  parent: TreeNode & { projectId: number },
  key: InferenceApiKey,
  secretHeld: boolean,
  nowMs: number,
): InferenceApiKeyNode {
  return {
    nodeType: 'inferenceApiKey',
    id: `${parent.id}/${key.name}`,
    section: INFERENCE_SECTION.section,
    parent,
    projectId: parent.projectId,
    key,
    secretHeld,
    portal: inferencePortalPage(parent.projectId),
    copy: { value: key.name, label: l10n.t('the name'), of: key.name },
    view: apiKeyRowView(key, secretHeld, nowMs),
  };
}
