import type { LoadOnce } from '../../core/loadOnce';
import type { InferenceReads } from '../../loaders/inference/inferenceReads';
import type { ChangeSubject } from '../../loaders/taskPoller';
import type { MissingList } from '../kit/missingList';
import type { SectionView } from '../kit/sectionView';
import type { TreeNode } from '../treeNodes';
import type {
  InferenceApplicationNode,
  InferenceDeploymentNode,
  InferenceListNode,
  InferenceProjectNode,
  InferenceQuotaNode,
} from './inferenceNodes';
import type { StatusWaits } from './statusWaits';

/** What the Inference section reads with. */
export interface InferenceSource {
  /** The reads, loaded with the rows' code on first need. */
  reads: LoadOnce<InferenceReads>;
  /** The names of the regions that run inference, by id (none when they cannot be read): a region's row shows its name. */
  regionNames: () => Promise<ReadonlyMap<number, string>>;
  /** The changes of a kind followed in a project, by the name of what they change. */
  changesAt: (kind: string, projectId: number) => ReadonlyMap<string, ChangeSubject>;
  /** Whether this machine holds a key's secret (SecretStorage): a key made elsewhere has none here. */
  keySecrets: { has(ref: { projectId: number; name: string }): Promise<boolean> };
  /** The time a key's expiry is compared with (a test's fixed one). */
  now?: () => number;
  /** How long a project with a moving deployment waits before it is read again (a test's shorter wait). */
  pollMs?: number;
}

/**
 * The rows under a project and its lists, and the polls of the projects whose deployments move: their code
 * (inferenceRows.ts) loads when a project or the Quota row is first expanded, as a start shows none.
 */
export interface InferenceRows {
  projectRows(node: InferenceProjectNode): Promise<TreeNode[]>;
  deploymentRows(node: InferenceListNode): Promise<TreeNode[]>;
  applicationRows(node: InferenceListNode): Promise<TreeNode[]>;
  componentRows(node: InferenceApplicationNode): TreeNode[];
  credentialRows(node: InferenceListNode): Promise<TreeNode[]>;
  apiKeyRows(node: InferenceListNode): Promise<TreeNode[]>;
  detailRows(node: InferenceDeploymentNode): Promise<TreeNode[]>;
  quotaRows(node: InferenceQuotaNode): Promise<TreeNode[]>;
  /** A deployment row's tooltip, built when the row is hovered. */
  deploymentTooltip(node: InferenceDeploymentNode): string;
  /** "H100 0/0 · L40S 2/4" once the quota is read. */
  quotaSummary(): string | undefined;
  dispose(): void;
}

/** What the rows are made with: the section's source, loaded, and the section's own parts. */
export interface InferenceRowsDeps extends Omit<InferenceSource, 'reads'> {
  reads: InferenceReads;
  view: SectionView;
  /** The API has no inference deployments (404, 405, 501): the section says so in one row. */
  unavailable: MissingList;
  waits: StatusWaits;
}
