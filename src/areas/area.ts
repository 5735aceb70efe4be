import type * as vscode from 'vscode';
import type { Command } from '../commands/flow/command';
import type { LazyCommands } from '../commands/flow/lazyCommands';
import type { Services } from '../commands/services';
import type { DocumentKind } from '../documents/documentKinds';
import type { ChangeKind } from '../views/changeKinds';
import type { Section } from '../views/section';

/**
 * One area of the extension (GPU flavors, DNS zones, containers, tasks, the account): what it shows in the
 * tree, its commands and what it registers with VS Code. activate() builds the areas after what they share
 * and lists them once; a new area is a new file here and a line there.
 */
export interface Area {
  /** Its sections of the tree, in the order they are shown. */
  readonly sections?: readonly Section[];
  /** The kinds of its resources whose changes are followed as tasks: their words, rows and last word. */
  readonly changeKinds?: readonly ChangeKind[];
  /** Its commands loaded at start-up (a row's copy or filter); asked for once every service exists (the tree and its view among them). */
  commands?(services: Services): Command<never, unknown, never>[];
  /** Its other commands, whose code loads on first use. */
  lazyCommands?(services: Services): LazyCommands[];
  /** Its kinds of document, whose problems, unsent changes and completions the extension's one provider of each answers for. */
  readonly documentKinds?: readonly DocumentKind[];
  /** What it registers with VS Code (providers, listeners), disposed with the extension. */
  readonly disposables?: readonly vscode.Disposable[];
}
