import * as l10n from '@vscode/l10n';
import { loadOnce } from '../../core/loadOnce';
import type { ProjectRegion } from '../../models/projectRegion';
import type { LocationsReading } from '../../state/settings';
import { lazyRows } from '../kit/lazyRows';
import { MissingList } from '../kit/missingList';
import { locationRows, quietRow } from '../kit/rows';
import { rowKind, sectionOf } from '../kit/sectionOf';
import type { SectionView } from '../kit/sectionView';
import type { Section } from '../section';
import type { TreeNode } from '../treeNodes';
import {
  INFERENCE_SECTION,
  inferenceProjectNode,
  inferenceQuotaNode,
  isInferenceApiKeyNode,
  isInferenceApiKeysNode,
  isInferenceApplicationNode,
  isInferenceApplicationsNode,
  isInferenceCredentialNode,
  isInferenceCredentialsNode,
  isInferenceDeploymentNode,
  isInferenceDeploymentsNode,
  isInferenceProjectNode,
  isInferenceQuotaNode,
  isInferenceRegionNode,
  type InferenceApplicationNode,
  type InferenceDeploymentNode,
  type InferenceListNode,
  type InferenceProjectNode,
  type InferenceQuotaNode,
} from './inferenceNodes';
import type { InferenceRows, InferenceSource } from './inferenceSource';
import { StatusWaits } from './statusWaits';

export interface InferenceSectionDeps extends InferenceSource {
  view: SectionView;
  locations: () => LocationsReading;
}

export interface InferenceSection extends Section {
  /** A start or stop was sent (Gcore answers with no task): the row says so, and its project is read until the status shows it. */
  expectStatus(ref: { projectId: number; name: string }, action: 'start' | 'stop'): void;
  dispose(): void;
}

/**
 * Inference: one row per project of the configured locations (inference lives in a project, not a region), under each
 * its deployments with their regions, its catalogue applications with their components, its registry credentials and API keys;
 * then the account's quota. The rows' code (reads, presentation, polls) loads when a project or the Quota row is first
 * expanded: a start reads nothing. Against an API without inference, the section says so in one row.
 */
export function inferenceSection({
  view,
  locations,
  reads,
  regionNames,
  changesAt,
  pollMs,
  keySecrets,
  now,
}: InferenceSectionDeps): InferenceSection {
  const root = INFERENCE_SECTION;
  const unavailable = new MissingList(view, (parent) =>
    quietRow(
      parent,
      'unavailable',
      l10n.t('Everywhere Inference is not available from this API'),
      l10n.t('The API at gcore.apiBaseUrl has no inference deployments. The other sections work as before.'),
    ),
  );
  const waits = new StatusWaits();
  const code = loadOnce(async (): Promise<InferenceRows> => {
    const [{ InferenceRowsOf }, loaded] = await Promise.all([import('./inferenceRows.js'), reads()]);
    return new InferenceRowsOf({ reads: loaded, view, unavailable, waits, regionNames, changesAt, pollMs, keySecrets, now });
  });
  // The rows' code could not be loaded (dist/features.js unreadable): said in the row, whose click tries again.
  const failed = () => l10n.t('Failed to load Everywhere Inference');
  const projectRows = lazyRows(code, failed, (rows, node: InferenceProjectNode) => rows.projectRows(node));
  const deploymentRows = lazyRows(code, failed, (rows, node: InferenceListNode) => rows.deploymentRows(node));
  const applicationRows = lazyRows(code, failed, (rows, node: InferenceListNode) => rows.applicationRows(node));
  const credentialRows = lazyRows(code, failed, (rows, node: InferenceListNode) => rows.credentialRows(node));
  const apiKeyRows = lazyRows(code, failed, (rows, node: InferenceListNode) => rows.apiKeyRows(node));
  const componentRows = lazyRows(code, failed, (rows, node: InferenceApplicationNode) => rows.componentRows(node));
  const detailRows = lazyRows(code, failed, (rows, node: InferenceDeploymentNode) => rows.detailRows(node));
  const quotaRows = lazyRows(code, failed, (rows, node: InferenceQuotaNode) => rows.quotaRows(node));

  const rootRows = (): TreeNode[] => {
    if (unavailable.known) return [unavailable.row(root)];
    return [...locationRows(root, projectsOf(locations()), inferenceProjectNode), inferenceQuotaNode(code.loaded?.quotaSummary())];
  };
  /** A list under a project is read again with the project, whose row counts its deployments. */
  const reloadProject = (node: { projectId: number }) => {
    reads.loaded?.invalidateDeployments(node.projectId);
    reads.loaded?.invalidateApplications(node.projectId);
  };
  const section = sectionOf({
    root,
    rows: rootRows,
    forget: () => reads.loaded?.invalidate(),
    missing: [unavailable],
    kinds: [
      rowKind(isInferenceProjectNode, {
        children: projectRows,
        invalidate: (node) => {
          reloadProject(node);
          reads.loaded?.invalidateRegistryCredentials(node.projectId);
          reads.loaded?.invalidateApiKeys(node.projectId);
          reads.loaded?.invalidateQuota();
          return node;
        },
      }),
      rowKind(isInferenceDeploymentsNode, {
        children: deploymentRows,
        invalidate: (node) => {
          reloadProject(node);
          return node.parent;
        },
      }),
      rowKind(isInferenceApplicationsNode, {
        children: applicationRows,
        invalidate: (node) => {
          reloadProject(node);
          return node.parent;
        },
      }),
      rowKind(isInferenceCredentialsNode, {
        children: credentialRows,
        invalidate: (node) => {
          reads.loaded?.invalidateRegistryCredentials(node.projectId);
          return node;
        },
      }),
      rowKind(isInferenceApiKeysNode, {
        children: apiKeyRows,
        invalidate: (node) => {
          reads.loaded?.invalidateApiKeys(node.projectId);
          return node;
        },
      }),
      rowKind(isInferenceApiKeyNode, {
        invalidate: (node) => {
          reads.loaded?.invalidateApiKeys(node.projectId);
          return node.parent;
        },
      }),
      rowKind(isInferenceApplicationNode, {
        children: componentRows,
        invalidate: (node) => {
          reloadProject(node);
          return node.parent;
        },
      }),
      // A deployment's row and its regions' come from the project's list: that list is read again.
      rowKind(isInferenceDeploymentNode, {
        children: detailRows,
        tooltip: (node) => code.loaded?.deploymentTooltip(node),
        invalidate: (node) => {
          reloadProject(node);
          return node.parent;
        },
      }),
      rowKind(isInferenceRegionNode, {
        invalidate: (node) => {
          reloadProject(node);
          return node.parent?.parent;
        },
      }),
      rowKind(isInferenceCredentialNode, {
        invalidate: (node) => {
          reads.loaded?.invalidateRegistryCredentials(node.projectId);
          return node.parent;
        },
      }),
      rowKind(isInferenceQuotaNode, {
        children: quotaRows,
        invalidate: () => {
          reads.loaded?.invalidateQuota();
          return root;
        },
      }),
    ],
  });
  return {
    ...section,
    expectStatus: (ref, action) => {
      waits.expect(ref, action);
      reads.loaded?.invalidateDeployments(ref.projectId);
      view.refresh(root);
    },
    dispose: () => code.loaded?.dispose(),
  };
}

/** The distinct projects of the configured locations, each with the first label one of its locations has. */
function projectsOf(reading: LocationsReading): LocationsReading {
  const projects = new Map<number, ProjectRegion>();
  for (const location of reading.locations) {
    const known = projects.get(location.projectId);
    if (!known) projects.set(location.projectId, location);
    else if (known.label === undefined && location.label !== undefined) projects.set(location.projectId, location);
  }
  return { locations: [...projects.values()], problems: reading.problems };
}
