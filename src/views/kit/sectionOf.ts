import * as l10n from '@vscode/l10n';
import type { Section } from '../section';
import { isSectionNode, type NodeView, type SectionNode, type TreeNode } from '../treeNodes';
import type { MissingList } from './missingList';

/** One kind of row a section shows, told by its guard, and what the section answers for it. */
export interface RowKind<N extends TreeNode> {
  is(node: TreeNode): node is N;
  /** Its children; a kind without them is a leaf. */
  children?(node: N): TreeNode[] | Promise<TreeNode[]>;
  /**
   * Forgets what its rows were read from and returns the row to draw again (Section.invalidate); a kind without
   * it has nothing of its own to read again, and a Refresh on it reloads the tree.
   */
  invalidate?(node: N): TreeNode | undefined;
  /** Its tooltip, built on hover (rows that come by the thousand). */
  tooltip?(node: N): string | undefined;
  /** How it is drawn, for rows that carry no view (rows that come by the thousand). */
  view?(node: N): NodeView;
}

/** A kind of row, typed by its guard, so that its answers take its own nodes. */
export function rowKind<N extends TreeNode>(is: (node: unknown) => node is N, kind: Omit<RowKind<N>, 'is'>): RowKind<TreeNode> {
  return { ...kind, is } as RowKind<TreeNode>;
}

/** A section as its declarations: its root's rows, what a Refresh of it forgets, its kinds of rows. */
export interface SectionOf {
  readonly root: SectionNode;
  /** The root's rows. */
  rows(): TreeNode[] | Promise<TreeNode[]>;
  /** A Refresh of the whole section: what it forgets (the lists it marked missing are forgotten too). */
  forget?(): void;
  readonly missing?: readonly MissingList[];
  readonly kinds?: readonly RowKind<TreeNode>[];
}

/** The Section the explorer asks, each question answered by the kind of the row it is about. */
export function sectionOf(declared: SectionOf): Section {
  const kinds = declared.kinds ?? [];
  const kindOf = (node: TreeNode) => kinds.find((kind) => kind.is(node));
  const section: Section = {
    id: declared.root.section,
    root: declared.root,
    children: async (node) => (isSectionNode(node) ? declared.rows() : ((await kindOf(node)?.children?.(node)) ?? [])),
    invalidate: (node) => {
      if (!isSectionNode(node)) return kindOf(node)?.invalidate?.(node);
      for (const list of declared.missing ?? []) list.forget();
      declared.forget?.();
      return node;
    },
    resolveTooltip: (node) => kindOf(node)?.tooltip?.(node),
  };
  if (!kinds.some((kind) => kind.view)) return section;
  return {
    ...section,
    view: (node) => {
      const view = kindOf(node)?.view?.(node);
      if (!view) throw new Error(l10n.t('{0} draws itself', node.id));
      return view;
    },
  };
}
