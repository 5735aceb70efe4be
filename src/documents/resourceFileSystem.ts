import * as vscode from 'vscode';
import { isGcoreApiError, UnknownOutcomeError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import type { Logger } from '../logging/logger';
import type { PromptUi } from '../ui/promptUi';
import { describeProblems, type DocumentProblem } from '../validation/problems';
import type { DocumentBase, EditableResource, ReviewDescription } from './editableResource';
import type { Snapshots } from './snapshots';

/** One open document. */
interface Entry<Address, Opened, Context> extends DocumentBase<Opened, Context> {
  address: Address;
  text: Uint8Array;
  /** Kept here by Auto Save and not sent: only Review and Apply sends it, and nothing replaces it. */
  draft: boolean;
  /** Whether the user was told once that Auto Save does not send. */
  toldAboutDraft: boolean;
  ctime: number;
  mtime: number;
}

export interface ResourceFileSystemDeps {
  ui(): PromptUi;
  log: Logger;
  snapshots: Snapshots;
}

/** A problem of a document where it is written: offsets of the field's value (undefined: the whole document). */
export interface LocatedProblem extends DocumentProblem {
  at?: { start: number; end: number };
}

/** How a review ended; only 'kept' leaves the edits unsaved. */
type ReviewOutcome = { kind: 'applied' | 'unchanged' | 'kept' } | { kind: 'replace'; text: string };

// The review's buttons, compared with the label the user chose: the same translated text.
const APPLY = vscode.l10n.t('Apply');
const KEEP_EDITING = vscode.l10n.t('Keep Editing');
const DISCARD = vscode.l10n.t('Discard');
const COMPARE = vscode.l10n.t('Compare');
const OVERWRITE = vscode.l10n.t('Overwrite');
const RELOAD = vscode.l10n.t('Reload');
const REVIEW_AND_APPLY = vscode.l10n.t('Review and Apply');

/**
 * The editor mechanism: Gcore resources as documents of the extension's own scheme, one kind per instance
 * (`resource` says how to read, render, check and send it). Reading a document reads the resource from
 * Gcore; saving one is the review: what changed is shown as a diff and sent only on Apply, as the smallest
 * change. A save that sends nothing (Keep Editing, a refusal by Gcore, an invalid value) fails, so VS Code
 * keeps the document dirty and nothing typed is lost; Auto Save keeps a draft without a review.
 */
export class ResourceFileSystem<Address, Opened, Context, Edited, Change, Result> implements vscode.FileSystemProvider {
  private readonly entries = new Map<string, Entry<Address, Opened, Context>>();
  private readonly changes = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  /** Texts to put in place once VS Code has finished a save (Discard, Reload). */
  private readonly afterSave = new Map<string, string>();
  /** Texts Review and Apply has just reviewed: saving them to mark the editor clean needs no second review. */
  private readonly reviewed = new Map<string, string>();
  /** Why each document is being saved: Auto Save keeps a draft, a save the user asked for is reviewed. */
  private readonly saveReasons = new Map<string, vscode.TextDocumentSaveReason>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly baseChanges = new vscode.EventEmitter<void>();
  readonly onDidChangeFile = this.changes.event;
  /** A document's starting point (what it is compared with) or its unsent draft changed. */
  readonly onDidChangeBase = this.baseChanges.event;

  constructor(
    readonly resource: EditableResource<Address, Opened, Context, Edited, Change, Result>,
    private readonly deps: ResourceFileSystemDeps,
  ) {
    this.subscriptions = [
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === resource.scheme) this.saveReasons.set(event.document.uri.toString(), event.reason);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => {
        const text = this.afterSave.get(document.uri.toString());
        if (text === undefined) return;
        this.afterSave.delete(document.uri.toString());
        this.replace(document.uri, text);
      }),
    ];
  }

  uriFor(address: Address): vscode.Uri {
    return vscode.Uri.from({ scheme: this.resource.scheme, path: this.resource.path(address) });
  }

  /** Reads the resource and keeps it as the document's starting point (again, when `uri` is open already). */
  async load(uri: vscode.Uri): Promise<Entry<Address, Opened, Context>> {
    const address = this.resource.address(uri.path);
    if (address === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    const { opened, context } = await this.resource.open(address);
    const now = Date.now();
    const entry: Entry<Address, Opened, Context> = {
      address,
      opened,
      context,
      text: encode(this.resource.render(opened)),
      draft: false,
      toldAboutDraft: false,
      ctime: now,
      mtime: now,
    };
    const reopened = this.entries.has(uri.toString());
    this.entries.set(uri.toString(), entry);
    if (reopened) this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    if (opened === undefined) void this.deps.ui().notify('info', this.resource.words.openedEmpty(address));
    return entry;
  }

  /** Whether Auto Save kept edits of this document that were not sent (opening it again must not drop them). */
  hasDraft(uri: vscode.Uri): boolean {
    return this.entries.get(uri.toString())?.draft ?? false;
  }

  /** What a document is compared with and checked against. */
  baseOf(uri: vscode.Uri): DocumentBase<Opened, Context> | undefined {
    const entry = this.entries.get(uri.toString());
    return entry ? { opened: entry.opened, context: entry.context } : undefined;
  }

  /** The problems of a document's text, where they are written; undefined when it is not open here or does not parse. */
  problemsIn(uri: vscode.Uri, text: string): LocatedProblem[] | undefined {
    const base = this.baseOf(uri);
    const read = this.resource.parse(text);
    if (!base || !read.ok) return undefined;
    return this.resource.problems(read.value, base).map((problem) => ({ ...problem, at: this.resource.locate(text, problem.field) }));
  }

  /** The fields a document's text changes against its starting point (empty when it does not parse). */
  unsentFields(uri: vscode.Uri, text: string): string[] {
    const base = this.baseOf(uri);
    const read = this.resource.parse(text);
    return base && read.ok ? this.resource.changedFields(base.opened, read.value) : [];
  }

  /**
   * After a change from a document ended at Gcore, for every open document `matches` names: `finished`
   * reloads the text from Gcore (unless the user edits it again); otherwise only the starting point is read
   * again, so the edits stay for a retry.
   */
  async refreshFromGcore(matches: (address: Address) => boolean, finished: boolean): Promise<void> {
    for (const [key, entry] of this.entries) {
      if (!matches(entry.address)) continue;
      const now = await this.resource.readNow(entry.address).catch(() => undefined);
      if (now === undefined) continue;
      entry.opened = now;
      this.baseChanges.fire();
      const uri = vscode.Uri.parse(key);
      if (finished && !isDirty(uri) && !entry.draft) this.replace(uri, this.resource.render(now));
    }
  }

  /**
   * Review and Apply, on whatever the editor holds: edits kept by Auto Save, a retry after a failed change,
   * or edits not saved yet. It reviews the editor's text itself rather than saving to start the review:
   * just after an Auto Save, VS Code may still count the document as dirty and a save would do nothing.
   */
  async reviewSaved(uri: vscode.Uri): Promise<void> {
    const entry = await this.entry(uri);
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
    const text = document?.getText() ?? decode(entry.text);
    const outcome = await this.review(uri, entry, text);
    if (outcome.kind === 'kept') return;
    const next = outcome.kind === 'replace' ? outcome.text : text;
    entry.text = encode(text);
    this.setDraft(entry, false);
    const key = uri.toString();
    if (document?.isDirty) {
      // The editor's text is what was reviewed: saving it stores it without a second review.
      this.reviewed.set(key, text);
      if (outcome.kind === 'replace') this.afterSave.set(key, next);
      await document.save();
      this.reviewed.delete(key);
      // A save that found nothing to save left the replacement waiting.
      if (this.afterSave.delete(key)) this.replace(uri, next);
      return;
    }
    if (outcome.kind === 'replace') this.replace(uri, next);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const entry = await this.entry(uri);
    return { type: vscode.FileType.File, ctime: entry.ctime, mtime: entry.mtime, size: entry.text.byteLength };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.entry(uri)).text;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const entry = await this.entry(uri);
    const reason = this.saveReasons.get(uri.toString());
    this.saveReasons.delete(uri.toString());
    if (this.reviewed.get(uri.toString()) === decode(content)) {
      entry.text = content;
      entry.mtime = nextTime(entry.mtime);
      return;
    }
    if (reason === vscode.TextDocumentSaveReason.AfterDelay || reason === vscode.TextDocumentSaveReason.FocusOut) {
      this.keepDraft(uri, entry, content);
      return;
    }
    const outcome = await this.review(uri, entry, decode(content));
    if (outcome.kind === 'kept') throw new NotSentError(vscode.l10n.t('you kept editing. Save again to review the changes.'));
    entry.text = content;
    entry.mtime = nextTime(entry.mtime);
    this.setDraft(entry, false);
    // VS Code records this save first; the replacement then reads as a change of the file.
    if (outcome.kind === 'replace') this.afterSave.set(uri.toString(), outcome.text);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changes.dispose();
    this.baseChanges.dispose();
  }

  /**
   * Auto Save (after a delay, on focus change) keeps the text here without a review: a dialog after every
   * pause in typing would be unusable, and sending without one is what this editor promises not to do.
   */
  private keepDraft(uri: vscode.Uri, entry: Entry<Address, Opened, Context>, content: Uint8Array): void {
    entry.text = content;
    entry.mtime = nextTime(entry.mtime);
    const read = this.resource.parse(decode(content));
    this.setDraft(entry, !read.ok || this.resource.changedFields(entry.opened, read.value).length > 0);
    if (!entry.draft || entry.toldAboutDraft) return;
    entry.toldAboutDraft = true;
    void this.deps
      .ui()
      .notify('info', this.resource.words.autoSaveKept(entry.address), REVIEW_AND_APPLY)
      .then((choice) => (choice === REVIEW_AND_APPLY ? vscode.commands.executeCommand(this.resource.applyCommand, uri) : undefined));
  }

  private setDraft(entry: Entry<Address, Opened, Context>, draft: boolean): void {
    if (entry.draft === draft) return;
    entry.draft = draft;
    this.baseChanges.fire();
  }

  private async entry(uri: vscode.Uri): Promise<Entry<Address, Opened, Context>> {
    return this.entries.get(uri.toString()) ?? (await this.load(uri));
  }

  private replace(uri: vscode.Uri, text: string): void {
    const entry = this.entries.get(uri.toString());
    if (!entry) return;
    entry.text = encode(text);
    entry.mtime = nextTime(entry.mtime);
    this.setDraft(entry, false);
    this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  private async review(uri: vscode.Uri, entry: Entry<Address, Opened, Context>, text: string): Promise<ReviewOutcome> {
    const { resource } = this;
    const { address } = entry;
    const words = resource.words;
    const read = resource.parse(text);
    if (!read.ok) throw new NotSentError(`${read.message}.`);
    const invalid = resource.problems(read.value, entry).filter((problem) => problem.severity === 'error');
    if (invalid.length > 0) throw new NotSentError(vscode.l10n.t('{0}. The fields are marked in the editor.', describeProblems(invalid)));

    let atGcore: Opened | undefined;
    try {
      atGcore = await resource.readNow(address);
    } catch (error) {
      throw new NotSentError(words.unreadable(address, failureReason(error)), error);
    }
    const ui = this.deps.ui();
    let base = entry.opened;
    if (entry.opened !== undefined && atGcore !== undefined && resource.conflicts(entry.opened, atGcore).length > 0) {
      const moved = resource.conflicts(entry.opened, atGcore);
      const choice = await ui.choose({
        message: words.changedAtGcore(address, moved.join(', ')),
        detail: vscode.l10n.t(
          'Compare shows what you opened, what is at Gcore now and your edits. Overwrite sends your edits over the values at Gcore. Reload replaces your edits with the values at Gcore.',
        ),
        choices: [COMPARE, OVERWRITE, RELOAD],
      });
      if (choice === RELOAD) {
        entry.opened = atGcore;
        return { kind: 'replace', text: resource.render(atGcore) };
      }
      if (choice !== OVERWRITE) {
        if (choice === COMPARE) await this.compare(uri, entry.address, entry.opened, atGcore);
        return { kind: 'kept' };
      }
      base = atGcore;
    }

    if (resource.changedFields(base, read.value).length === 0) {
      void ui.notify('info', words.nothingToSend(address));
      return { kind: 'unchanged' };
    }
    const checked = resource.change(base, read.value);
    if (!checked.ok) throw new NotSentError(`${describeProblems(checked.problems)}.`);
    const change = checked.value;

    const name = words.name(address);
    const diff = await this.showDiff(uri, base, vscode.l10n.t('{0}: at Gcore ↔ your edits', name));
    let reviewed: Reviewed | undefined;
    try {
      reviewed = await this.askReview(change, atGcore, address);
    } finally {
      await closeTab(diff);
    }
    if (!reviewed) return { kind: 'kept' };
    if (reviewed.choice === DISCARD && !reviewed.asked) return { kind: 'replace', text: resource.render(base) };
    if (reviewed.choice !== (reviewed.asked?.send ?? APPLY)) return { kind: 'kept' };

    let result: Result;
    try {
      result = await ui.withProgress({
        title: words.sending(address),
        cancellable: false,
        run: (signal, report) => resource.send(address, change, signal, report),
      });
    } catch (error) {
      this.deps.log.error(words.sendFailedLog(address), error);
      const partly = resource.partlySent?.(atGcore ?? entry.opened, error);
      if (partly !== undefined) {
        entry.opened = partly;
        this.baseChanges.fire();
      }
      const reason = failureReason(error).replace(/\.?$/, '.');
      // Saving again could do twice what Gcore may have done: the reason says how to find out first.
      if (error instanceof UnknownOutcomeError) {
        throw new NotSentError(vscode.l10n.t('{0} Your edits are kept.', reason), error, answerLost());
      }
      if (isGcoreApiError(error) && error.mayHaveApplied === true) {
        throw new NotSentError(
          vscode.l10n.t('{0} Gcore may have carried it out: check before saving again. Your edits are kept.', reason),
          error,
          answerLost(),
        );
      }
      throw new NotSentError(vscode.l10n.t('{0} Your edits are kept; save again to retry.', reason), error, words.refused);
    }
    // Until what it started has ended, the edited values are the best guess of what Gcore holds.
    entry.opened = resource.afterSend(atGcore ?? entry.opened, change);
    this.baseChanges.fire();
    resource.sent(address, result, async () => vscode.window.showTextDocument(uri));
    return resource.renderAfterSend ? { kind: 'replace', text: resource.render(entry.opened) } : { kind: 'applied' };
  }

  /**
   * The review's question and the button chosen; undefined when a button that acts first (Request Quota) ended in
   * keeping the edits. After one that says to review again, the change is described anew (the quota granted).
   */
  private async askReview(change: Change, atGcore: Opened | undefined, address: Address): Promise<Reviewed | undefined> {
    const resource = this.resource;
    for (;;) {
      const { count, detail, asked } = await resource.describe(change, atGcore, address);
      const first = asked?.first;
      const choice = await this.deps.ui().choose({
        message: asked?.message ?? resource.words.applyQuestion(address, count),
        detail,
        choices: asked ? [...(first ? [first.label] : []), asked.send, asked.keep] : [APPLY, KEEP_EDITING, DISCARD],
      });
      if (!first || choice !== first.label) return { choice, asked };
      if (!(await first.run())) return undefined;
    }
  }

  /** A diff of what is at Gcore (left, read-only) and the document (right); returns the left side. */
  private async showDiff(uri: vscode.Uri, atGcore: Opened | undefined, title: string): Promise<vscode.Uri> {
    const { stem, extension } = splitPath(uri.path);
    const left = this.deps.snapshots.put(`${vscode.l10n.t('{0} (at Gcore)', stem)}${extension}`, this.resource.render(atGcore));
    await vscode.commands.executeCommand('vscode.diff', left, uri, title, { preview: true });
    return left;
  }

  /** Three versions: the one opened, the one at Gcore now, the edits (the document itself). */
  private async compare(uri: vscode.Uri, address: Address, opened: Opened, now: Opened): Promise<void> {
    const { stem, extension } = splitPath(uri.path);
    const name = this.resource.words.name(address);
    const openedUri = this.deps.snapshots.put(`${vscode.l10n.t('{0} (opened)', stem)}${extension}`, this.resource.render(opened));
    const nowUri = this.deps.snapshots.put(`${vscode.l10n.t('{0} (at Gcore now)', stem)}${extension}`, this.resource.render(now));
    await vscode.commands.executeCommand('vscode.diff', openedUri, nowUri, vscode.l10n.t('{0}: opened ↔ at Gcore now', name), {
      preview: false,
    });
    await vscode.commands.executeCommand('vscode.diff', nowUri, uri, vscode.l10n.t('{0}: at Gcore now ↔ your edits', name), {
      preview: false,
    });
  }
}

/**
 * A save that sent nothing. VS Code shows it as "Failed to save '…': Unable to write file '…' (name: message)",
 * so the name says what happened and the message why.
 */
/** What a save whose request may have been carried out says first, in place of "Gcore did not take it". */
function answerLost(): string {
  return vscode.l10n.t("Gcore's answer was lost");
}

class NotSentError extends Error {
  constructor(message: string, cause?: unknown, name = vscode.l10n.t('Nothing was sent to Gcore')) {
    super(message, { cause });
    this.name = name;
  }
}

function isDirty(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString() && document.isDirty);
}

/** A path without its extension, and the extension (with its dot), so snapshots keep the document's language. */
function splitPath(path: string): { stem: string; extension: string } {
  const match = /^(.*?)(\.[^./]+)?$/.exec(path);
  return { stem: match?.[1] ?? path, extension: match?.[2] ?? '' };
}

/** Closes the diff whose left side is `left`, if it is still open. */
async function closeTab(left: vscode.Uri): Promise<void> {
  const tabs = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.original.toString() === left.toString());
  if (tabs.length > 0) await vscode.window.tabGroups.close(tabs);
}

/** A later modification time than `previous`, so VS Code reads a replaced text again even within one millisecond. */
function nextTime(previous: number): number {
  return Math.max(Date.now(), previous + 1);
}

function encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/** What the review asked and the button chosen (undefined when the question was dismissed). */
interface Reviewed {
  choice: string | undefined;
  asked: ReviewDescription['asked'];
}
