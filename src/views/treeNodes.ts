import * as l10n from '@vscode/l10n';
import { COMMAND, ROW_CONTEXT, type RowContext } from '../core/contributions';
import { isGcoreApiError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import { errorView } from './presentation/errorView';
import type { ItemView } from './presentation/itemView';

/** How a row is drawn, decided once when the node is made: VS Code asks for it again on every redraw. */
export interface NodeView extends ItemView {
  /** Default 'none': most rows are leaves, and a location's thousands of flavor rows are built without a copy. */
  collapsible?: 'none' | 'collapsed' | 'expanded';
  /** Run when the row is clicked. */
  command?: { id: string; title: string; arguments?: unknown[] };
}

/** What Copy Value puts on the clipboard, and how its message names it ("the DS record of example.com"). */
export interface CopyTarget {
  value: string;
  label: string;
  of: string;
}

/**
 * One element of the tree. Each section declares the kinds of rows it shows (`nodeType`) and what they
 * carry, in a module of its own (views/<area>/*Nodes.ts); this is what every row has. Menus pass nodes to
 * commands, which tell them from programmatic arguments by `nodeType`. What a row offers to every section's
 * commands alike (Copy Value, Open in Gcore Portal) it carries as data, so that those commands serve a new
 * kind of row without knowing it.
 */
export interface TreeNode {
  readonly nodeType: string;
  /** Stable across refreshes, so expansion and selection survive them. */
  readonly id: string;
  /** The id of the section it is shown in. */
  readonly section: string;
  /** The node it is shown under (undefined: the root), for `getParent` and `reveal`. */
  readonly parent: TreeNode | undefined;
  /**
   * Absent for rows that come by the thousand (a location's flavors): their section draws them when VS
   * Code asks. Kept, 5,000 views outlive the refresh that made them and cost the garbage collector more
   * than drawing them again does.
   */
  readonly view?: NodeView;
  /** Copy Value copies this. */
  readonly copy?: CopyTarget;
  /** Open in Gcore Portal opens this page, which the row's area gives. */
  readonly portal?: string;
}

/** Whether a command's argument is a row of the tree (menus pass rows; programmatic callers, objects). */
export function isTreeNode(value: unknown): value is TreeNode {
  return typeof value === 'object' && value !== null && typeof (value as { nodeType?: unknown }).nodeType === 'string';
}

/** A guard for one kind of row, by its `nodeType`. */
export function nodeGuard<N extends TreeNode>(nodeType: N['nodeType']): (value: unknown) => value is N {
  return (value: unknown): value is N =>
    typeof value === 'object' && value !== null && (value as { nodeType?: unknown }).nodeType === nodeType;
}

export interface SectionNode extends TreeNode {
  readonly nodeType: 'section';
  readonly view: NodeView;
}

export const isSectionNode = nodeGuard<SectionNode>('section');

/** The root of a section: always shown, expanded at first. */
export function sectionNode(section: string, label: string, icon: string, contextValue: RowContext): SectionNode {
  return {
    nodeType: 'section',
    id: section,
    section,
    parent: undefined,
    view: { label, icon: { id: icon }, contextValue, collapsible: 'expanded' },
  };
}

export interface HintNode extends TreeNode {
  readonly nodeType: 'hint';
  readonly view: NodeView;
}

/** A row that says something (empty, skipped entries) or offers a first step. */
export function hintNode(parent: TreeNode, key: string, view: Omit<NodeView, 'collapsible' | 'contextValue'>): HintNode {
  return {
    nodeType: 'hint',
    id: `${parent.id}/${key}`,
    section: parent.section,
    parent,
    view: { ...view, contextValue: ROW_CONTEXT.hint, collapsible: 'none' },
  };
}

/** A row standing in for what failed to load under its parent; Retry reloads `retry` (undefined: all). */
export interface ErrorNode extends TreeNode {
  readonly nodeType: 'error';
  readonly view: NodeView;
  readonly error: unknown;
  readonly retry: TreeNode | undefined;
}

/**
 * A row standing in for content that failed to load under `parent` (undefined: the root). Clicking it
 * retries `retry`; a rejected or unusable key instead opens Set API Key.
 */
export function errorNode(
  parent: TreeNode | undefined,
  section: string,
  title: string,
  error: unknown,
  retry: TreeNode | undefined,
): ErrorNode {
  const keyKind = isGcoreApiError(error) && (error.kind === 'unauthorized' || error.kind === 'badApiKey') ? error.kind : undefined;
  const view = errorView(title, {
    message: failureReason(error),
    status: isGcoreApiError(error) ? error.status : undefined,
    requestId: isGcoreApiError(error) ? error.requestId : undefined,
    hint:
      keyKind === 'unauthorized'
        ? l10n.t('The API key was rejected: set a valid key.')
        : keyKind === 'badApiKey'
          ? l10n.t('Set the API key again.')
          : undefined,
  });
  return {
    nodeType: 'error',
    id: `${parent?.id ?? 'root'}/error`,
    section,
    parent,
    error,
    retry,
    view: {
      ...view,
      collapsible: 'none',
      command: keyKind
        ? { id: COMMAND.setApiKey, title: l10n.t('Set API Key') }
        : { id: COMMAND.refresh, title: l10n.t('Retry'), arguments: retry ? [retry] : [] },
    },
  };
}
