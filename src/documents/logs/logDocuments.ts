import * as vscode from 'vscode';
import { isGcoreApiError } from '../../api/errors';
import { failureReason } from '../../logging/failureMessage';
import { redactSessionSecrets } from '../../logging/redaction';
import type { Logger } from '../../logging/logger';
import { addFollowedLines, followedText } from '../../models/logs/followedLines';
import type { FollowedChange, FollowedLines } from '../../models/logs/followedLines';
import type { LogMerge, LogSource } from '../../models/logs/logSource';
import type { PromptUi } from '../../ui/promptUi';

/** A document keeps at most this many lines (the API's own limit); following drops the oldest. */
const MAX_LINES = 100_000;
/** A log of up to this many lines opens in one step (the setting's default asks for 1,000). */
const ONE_STEP_LINES = 2_000;
/**
 * A longer log opens in two steps: a document of its newest lines at once, then a document of every line in
 * its place. VS Code takes seconds to bring 100,000 lines into an editor (the text crosses to the window and
 * back), and the newest lines are what people read first. The whole log is a document of its own rather
 * than the first one's text replaced: a replacement costs the window more than opening (a round trip to its
 * editor worker, the edit, the open editor redrawn), and the first step is kept small because the window
 * draws it while the whole text is on its way.
 */
const FIRST_LINES = 500;

/** What tells one area's log documents from another's. */
export interface LogDocumentsKind {
  scheme: string;
  /** The context key of the editor title's Follow / Stop Following. */
  followedKey: string;
  /** The status bar item's id. */
  statusId: string;
  /** The command of the status bar's Stop Following. */
  stopCommand: string;
  /** The title of the command that opens a log, for the messages of a log no longer loaded. */
  openTitle: string;
}

/** One log as a read-only document. Under a pod's filter every pod's lines are still read and kept, so none is lost. */
interface LogView<Address, Page, Line> extends FollowedLines {
  address: Address;
  /** The log's own address (`uriFor`): every document of it shares its path. */
  logUri: string;
  /** The lines each read asks for: the setting, or fewer when the user chose fewer for this log. */
  limit: number;
  reads: LogMerge<Page, Line>;
  following: boolean;
  /** The lines a followed log's document took as edits since it was opened, which VS Code keeps to undo. */
  editedLines?: number;
  /** The document's text, joined once per text VS Code asks for (a followed read changes the document by edits). */
  text?: string;
  /** A change of the whole text on its way to the document (a filter's), which a followed read's edits wait for. */
  changing?: Promise<unknown>;
  /** A first step's: the whole log it stands for, which Follow and the status bar act on. */
  wholeLog?: LogView<Address, Page, Line>;
  timer?: ReturnType<typeof setTimeout>;
  reading?: AbortController;
}

export interface LogDocumentsDeps<Address, Page, Line> {
  kind: LogDocumentsKind;
  source: LogSource<Address, Page, Line>;
  settings: () => { lines: number; followIntervalMs: number };
  ui(): PromptUi;
  log: Logger;
  /** Opens Set API Key, when Gcore refuses the key while a log is followed. */
  setApiKey(): Promise<unknown>;
}

/**
 * Logs in read-only editors (the source's path, ending in `.log`, shown with VS Code's log colouring): the source's
 * lines, the newest at the bottom. Following re-reads every
 * interval while the editor is visible and appends only the lines not shown yet; a hidden editor costs
 * nothing, a closed one stops following, a failure stops it with a message and keeps what was shown.
 */
export class LogDocuments<Address, Page = unknown, Line = unknown> implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly views = new Map<string, LogView<Address, Page, Line>>();
  /** Numbers the documents of long logs, which each read opens anew. */
  private longReads = 0;
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  private readonly status: vscode.StatusBarItem;
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changes.event;

  constructor(private readonly deps: LogDocumentsDeps<Address, Page, Line>) {
    this.status = vscode.window.createStatusBarItem(deps.kind.statusId, vscode.StatusBarAlignment.Left, 10);
    this.status.name = vscode.l10n.t('Gcore Logs');
    this.subscriptions = [
      vscode.window.onDidChangeVisibleTextEditors(() => this.scheduleVisible()),
      vscode.window.onDidChangeActiveTextEditor(() => this.showState()),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === deps.kind.scheme) this.forget(document.uri);
      }),
      // VS Code keeps a document an extension opened for minutes after its last tab closes: the log's lines go at once.
      vscode.window.tabGroups.onDidChangeTabs(({ closed }) => {
        const uris = closed.flatMap(({ input }) =>
          input instanceof vscode.TabInputText && input.uri.scheme === deps.kind.scheme ? [input.uri] : [],
        );
        // A tab moved to another group closes before it opens there: a log is forgotten only once no tab shows it.
        if (uris.length > 0) setTimeout(() => uris.filter((uri) => tabsOf(uri).length === 0).forEach((uri) => this.forget(uri)), 0);
      }),
    ];
  }

  uriFor(address: Address): vscode.Uri {
    return vscode.Uri.from({ scheme: this.deps.kind.scheme, path: this.deps.source.path(address) });
  }

  /**
   * Reads the newest `limit` lines (the setting's number unless given) and shows them; an open log of the
   * log is read again from scratch, in one tab.
   */
  async show(address: Address, signal?: AbortSignal, limit = this.deps.settings().lines): Promise<{ uri: vscode.Uri; lines: number }> {
    const logUri = this.uriFor(address);
    const page = await this.deps.source.newest(address, limit, signal);
    const reads = this.deps.source.merge();
    const { lines } = reads.next(page);
    // Read from scratch: a log shown before (and maybe followed) starts again, not followed.
    for (const [, earlier] of this.entriesOf(logUri.toString())) {
      this.stopTimer(earlier);
      earlier.reading?.abort();
    }
    const view: LogView<Address, Page, Line> = { address, limit, logUri: logUri.toString(), lines: [], pods: [], reads, following: false };
    const shown =
      lines.length > ONE_STEP_LINES ? await this.showInTwoSteps(logUri, view, lines) : await this.showInOneStep(logUri, view, lines);
    this.closeOthers(view, shown);
    this.scheduleVisible();
    this.showState();
    return { uri: shown, lines: view.lines.length };
  }

  private async showInOneStep(uri: vscode.Uri, view: LogView<Address, Page, Line>, lines: readonly Line[]): Promise<vscode.Uri> {
    view.lines = lines.map(this.formatted);
    view.pods = this.podsOf(lines);
    this.views.set(uri.toString(), view);
    const text = this.provideTextDocumentContent(uri);
    const open = heldDocument(uri);
    // VS Code asks again for the text of a document it has open; the new lines must be in it before it is shown.
    const updated =
      open && open.getText() !== text ? documentChanged(uri.toString(), (document) => document.getText() === text) : Promise.resolve(true);
    this.changes.fire(uri);
    await updated;
    openAtEnd(await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false }));
    return uri;
  }

  /** The newest lines in an editor of their own, then the whole log in a new document in that editor's place. */
  private async showInTwoSteps(logUri: vscode.Uri, view: LogView<Address, Page, Line>, lines: readonly Line[]): Promise<vscode.Uri> {
    const read = ++this.longReads;
    const older = lines.length - FIRST_LINES;
    const firstUri = logUri.with({ query: `newest-${read}` });
    // Only the lines shown first are formatted before their editor opens; the older ones wait for it.
    const newest = lines.slice(older).map(this.formatted);
    const first: LogView<Address, Page, Line> = { ...view, lines: newest, pods: [], wholeLog: view };
    first.text = `${vscode.l10n.t('… {0} older lines are on their way', older.toLocaleString(vscode.env.language))}\n${newest.join('\n')}\n`;
    this.views.set(firstUri.toString(), first);
    openAtEnd(await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(firstUri), { preview: false }));
    view.lines = lines.slice(0, older).map(this.formatted).concat(newest);
    view.pods = this.podsOf(lines);
    // A document VS Code still holds would have its text replaced, which is what the second step avoids.
    const wholeUri = heldDocument(logUri) ? logUri.with({ query: `read-${read}` }) : logUri;
    this.views.set(wholeUri.toString(), view);
    const whole = await vscode.workspace.openTextDocument(wholeUri);
    try {
      // The first step's line n is the whole log's line n - 1 + older (its first line is the note).
      await this.putInPlaceOf(firstUri, whole, (line) => Math.max(0, line - 1 + older));
    } finally {
      this.forget(firstUri);
    }
    return wholeUri;
  }

  /**
   * Shows `whole` where the first step's document is, as the reader left it: at the end if it was there,
   * else at the same line (`lineInWhole` maps a line of the first to its line in `whole`); behind another tab if it
   * was, and without taking the focus from elsewhere. A first step closed in the meantime is not shown again.
   */
  private async putInPlaceOf(firstUri: vscode.Uri, whole: vscode.TextDocument, lineInWhole: (line: number) => number): Promise<void> {
    const [tab] = tabsOf(firstUri);
    if (!tab) return;
    const firstEditor = vscode.window.visibleTextEditors.find(
      (editor) => editor.document.uri.toString() === firstUri.toString() && editor.viewColumn === tab.group.viewColumn,
    );
    const atEnd = !firstEditor || showsEnd(firstEditor);
    const cursor = firstEditor && !atEnd ? lineInWhole(readerLine(firstEditor)) : lastTextLine(whole);
    const options: vscode.TextDocumentShowOptions = {
      viewColumn: tab.group.viewColumn,
      preview: false,
      preserveFocus: vscode.window.activeTextEditor?.document.uri.toString() !== firstUri.toString(),
      selection: new vscode.Range(cursor, 0, cursor, 0),
    };
    if (tab.isActive) {
      // The selection has the editor open where the reader is (not at the top for a moment); it is revealed
      // in the middle, so the view is then put where the first step's was: the last line at the bottom, or
      // the same top line.
      const editor = await vscode.window.showTextDocument(whole, options);
      const shown = firstEditor?.visibleRanges[0];
      if (shown) {
        const top = atEnd ? Math.max(0, whole.lineCount - 1 - (shown.end.line - shown.start.line)) : lineInWhole(shown.start.line);
        editor.revealRange(new vscode.Range(top, 0, top, 0), vscode.TextEditorRevealType.AtTop);
      }
    } else {
      // Behind another tab no editor can be scrolled: the cursor takes the reader's place instead.
      await vscode.commands.executeCommand('vscode.open', whole.uri, { ...options, background: true });
    }
    this.closeTabs(tabsOf(firstUri));
  }

  /** One tab per log: those of its earlier reads go once the new one is shown. */
  private closeOthers(view: LogView<Address, Page, Line>, shown: vscode.Uri): void {
    const others = this.entriesOf(view.logUri).filter(([key]) => key !== shown.toString());
    for (const [key] of others) this.forget(vscode.Uri.parse(key));
    this.closeTabs(others.flatMap(([key]) => tabsOf(vscode.Uri.parse(key))));
  }

  private closeTabs(tabs: readonly vscode.Tab[]): void {
    if (tabs.length === 0) return;
    vscode.window.tabGroups
      .close(tabs)
      .then(undefined, (error: unknown) => this.deps.log.warn(`closing an earlier log tab failed: ${failureReason(error)}`));
  }

  /** The log a document shows: a first step's is the whole log's, which starts following once it is shown. */
  private viewAt(uri: vscode.Uri): LogView<Address, Page, Line> | undefined {
    const view = this.views.get(uri.toString());
    return view?.wholeLog ?? view;
  }

  /** The documents of a log, by key: its reads, and a first step while the whole log comes. */
  private entriesOf(logUri: string): [string, LogView<Address, Page, Line>][] {
    return [...this.views].filter(([, view]) => view.logUri === logUri);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const view = this.views.get(uri.toString());
    if (!view) {
      const name = this.deps.source.nameAt(uri.path);
      return name !== undefined ? `${vscode.l10n.t('The logs of {0} are not loaded: use {1}.', name, this.deps.kind.openTitle)}\n` : '';
    }
    view.text ??= this.textOf(view);
    return view.text;
  }

  private textOf(view: LogView<Address, Page, Line>): string {
    return followedText(view, this.emptyTextOf(view));
  }

  /** What a log's document says while it shows no line. */
  private emptyTextOf(view: LogView<Address, Page, Line>): string {
    const name = this.deps.source.name(view.address);
    return view.pod === undefined
      ? `${vscode.l10n.t('No log lines from {0} yet.', name)}\n`
      : `${vscode.l10n.t('No log lines from pod {0} of {1} yet.', view.pod, name)}\n`;
  }

  /** The pods the lines of a log's document name, in the order of their first line; empty when its source names none. */
  podsShown(uri: vscode.Uri): string[] {
    const view = this.viewAt(uri);
    if (!view) throw new Error(vscode.l10n.t('This log is not loaded any more: open it again with {0}.', this.deps.kind.openTitle));
    return [...new Set(view.pods.filter((pod): pod is string => pod !== undefined))];
  }

  /** The pod whose lines alone a log's document shows, if one is chosen. */
  podFilter(uri: vscode.Uri): string | undefined {
    return this.viewAt(uri)?.pod;
  }

  /**
   * Shows one pod's lines alone, or every pod's (`undefined`), once the open editors show them; following goes on as
   * it was.
   */
  async filterByPod(uri: vscode.Uri, pod: string | undefined): Promise<void> {
    const view = this.viewAt(uri);
    if (!view) throw new Error(vscode.l10n.t('This log is not loaded any more: open it again with {0}.', this.deps.kind.openTitle));
    if (view.pod === pod) return;
    view.pod = pod;
    view.text = undefined;
    const keys = this.entriesOf(view.logUri)
      .filter(([, shown]) => shown === view)
      .map(([key]) => key);
    const text = this.textOf(view);
    // Any change from now on shows the filter (a followed read's too, which would make the text differ).
    const updated = keys
      .filter((key) => {
        const held = heldDocument(vscode.Uri.parse(key));
        return held !== undefined && held.getText() !== text;
      })
      .map((key) => documentChanged(key, () => true));
    for (const key of keys) this.changes.fire(vscode.Uri.parse(key));
    const changing = Promise.all(updated);
    view.changing = changing;
    await changing;
    if (view.changing === changing) view.changing = undefined;
  }

  follow(uri: vscode.Uri): void {
    const view = this.viewAt(uri);
    if (!view) throw new Error(vscode.l10n.t('This log is not loaded any more: open it again with {0}.', this.deps.kind.openTitle));
    view.following = true;
    this.scheduleVisible();
    this.showState();
  }

  stopFollowing(uri: vscode.Uri): void {
    const view = this.viewAt(uri);
    if (!view) return;
    view.following = false;
    this.stopTimer(view);
    this.showState();
  }

  dispose(): void {
    for (const view of this.views.values()) this.stopTimer(view);
    for (const subscription of this.subscriptions) subscription.dispose();
    this.changes.dispose();
    this.status.dispose();
  }

  /** Every followed log that is visible reads again after an interval; a hidden one holds no timer. */
  private scheduleVisible(): void {
    const visible = new Set(vscode.window.visibleTextEditors.map((editor) => editor.document.uri.toString()));
    for (const [key, view] of this.views) {
      if (!view.following || !visible.has(key)) {
        this.stopTimer(view);
      } else if (!view.timer && !view.reading) {
        view.timer = setTimeout(() => void this.readAgain(key), this.deps.settings().followIntervalMs);
      }
    }
  }

  private async readAgain(key: string): Promise<void> {
    const view = this.views.get(key);
    if (!view) return;
    view.timer = undefined;
    view.reading = new AbortController();
    try {
      // A setting lowered since the log was opened applies at once; the lines chosen for it stay the most.
      const limit = Math.min(view.limit, this.deps.settings().lines);
      const page = await this.deps.source.newest(view.address, limit, view.reading.signal);
      // A filter's new text is shown first: the edits are made to what the document then holds.
      await view.changing;
      if (this.views.get(key) !== view || !view.following) return;
      const { lines, gap } = view.reads.next(page, limit);
      const added = lines.map(this.formatted);
      const addedPods = this.podsOf(lines);
      if (gap) {
        added.unshift(gapLine(limit));
        if (this.deps.source.pod) addedPods.unshift(undefined);
      }
      const change = addFollowedLines(view, added, addedPods, MAX_LINES, this.emptyTextOf(view));
      if (change) {
        view.text = undefined;
        await this.showFollowed(key, change);
        view.editedLines = (view.editedLines ?? 0) + added.length;
        if (view.editedLines >= MAX_LINES) await this.renew(key, view);
      }
    } catch (error) {
      if (view.reading?.signal.aborted) return;
      view.following = false;
      this.showState();
      void this.reportStop(view, error);
    } finally {
      view.reading = undefined;
    }
    this.scheduleVisible();
  }

  /**
   * Shows a followed read's lines in the open document as edits. A document that does not hold what the change was
   * made for (its editor closed and opened while the read was under way) takes the whole text instead.
   */
  private async showFollowed(key: string, change: FollowedChange): Promise<void> {
    const uri = vscode.Uri.parse(key);
    const document = heldDocument(uri);
    if (!document) return;
    // Those who watched the end keep watching it; those who scrolled up stay where they are.
    const atEnd = vscode.window.visibleTextEditors.filter((editor) => editor.document.uri.toString() === key && showsEnd(editor));
    const edited =
      document.lineCount === change.linesBefore &&
      (await vscode.workspace.applyEdit(followedEdit(uri, change)).then(
        (applied) => applied,
        (error: unknown) => {
          this.deps.log.warn(`a followed log's lines could not be added as edits: ${failureReason(error)}`);
          return false;
        },
      ));
    if (!edited) {
      const changed = documentChanged(key, () => true);
      this.changes.fire(uri);
      if (!(await changed)) return;
    }
    atEnd.forEach(revealEnd);
  }

  /**
   * Shows a followed log in a document of its own in its tab. VS Code keeps every edit of a document to undo it
   * (a read-only one too) until the document is closed: a new document once a log has taken as many lines as it
   * holds bounds that to about its text, at the cost of one opening.
   */
  private async renew(key: string, view: LogView<Address, Page, Line>): Promise<void> {
    const fresh = vscode.Uri.parse(view.logUri).with({ query: `read-${++this.longReads}` });
    view.editedLines = 0;
    this.views.set(fresh.toString(), view);
    // Not forgotten (which would stop the follow): the old document now only stands in the tab until the new one is shown.
    this.views.delete(key);
    const document = await vscode.workspace.openTextDocument(fresh);
    // The text VS Code asked for is in the document now; kept, it would hold the log twice until the next read.
    view.text = undefined;
    await this.putInPlaceOf(vscode.Uri.parse(key), document, (line) => line);
  }

  /** Each line's pod, as one string per pod (100,000 lines of a few pods keep a few strings). */
  private podsOf(lines: readonly Line[]): (string | undefined)[] {
    const podOf = this.deps.source.pod;
    if (!podOf) return [];
    const names = new Map<string, string>();
    return lines.map((line) => {
      const pod = podOf(line);
      if (pod === undefined) return undefined;
      const known = names.get(pod);
      if (known !== undefined) return known;
      names.set(pod, pod);
      return pod;
    });
  }

  /** A line as shown: a program that logs its environment must not put the API key on the screen. */
  private readonly formatted = (line: Line): string => redactSessionSecrets(this.deps.source.format(line));

  private async reportStop(view: LogView<Address, Page, Line>, error: unknown): Promise<void> {
    const name = this.deps.source.name(view.address);
    this.deps.log.warn(`following the logs of ${name} stopped: ${failureReason(error)}`);
    const unauthorized = isGcoreApiError(error) && (error.kind === 'unauthorized' || error.kind === 'badApiKey');
    const tooLarge = isGcoreApiError(error) && error.tooLarge !== undefined;
    const reason = failureReason(error);
    const message = tooLarge
      ? vscode.l10n.t(
          'Stopped following the logs of {0}: {1} Lower the setting gcore.logs.lines, then follow again. The lines shown are kept.',
          name,
          reason,
        )
      : vscode.l10n.t('Stopped following the logs of {0}: {1} The lines shown are kept.', name, reason);
    const setApiKey = vscode.l10n.t('Set API Key');
    const openSettings = vscode.l10n.t('Open Settings');
    const choice = await this.deps.ui().notify('error', message, ...(unauthorized ? [setApiKey] : []), ...(tooLarge ? [openSettings] : []));
    if (choice === setApiKey) await this.deps.setApiKey();
    if (choice === openSettings) await vscode.commands.executeCommand('workbench.action.openSettings', 'gcore.logs.lines');
  }

  private forget(uri: vscode.Uri): void {
    const view = this.views.get(uri.toString());
    if (!view) return;
    this.stopTimer(view);
    view.reading?.abort();
    this.views.delete(uri.toString());
    this.showState();
  }

  private stopTimer(view: LogView<Address, Page, Line> | undefined): void {
    if (view?.timer) clearTimeout(view.timer);
    if (view) view.timer = undefined;
  }

  /** The editor title's toggle and the status bar follow the active editor. */
  private showState(): void {
    const active = vscode.window.activeTextEditor?.document.uri;
    const view = active?.scheme === this.deps.kind.scheme ? this.viewAt(active) : undefined;
    // The editor title's Follow / Stop Following.
    void vscode.commands.executeCommand('setContext', this.deps.kind.followedKey, view?.following === true);
    if (view?.following) {
      const name = this.deps.source.name(view.address);
      this.status.text = `$(sync~spin) ${vscode.l10n.t('Following {0}', name)}`;
      this.status.tooltip = vscode.l10n.t(
        'The logs of {0} are read again every {1} s while shown. Click to stop.',
        name,
        this.deps.settings().followIntervalMs / 1000,
      );
      this.status.command = {
        title: vscode.l10n.t('Stop Following Logs'),
        command: this.deps.kind.stopCommand,
        arguments: [active],
      };
      this.status.show();
    } else {
      this.status.hide();
    }
  }
}

/** Where lines are missing: more were written between two reads than one read brings. */
function gapLine(limit: number): string {
  return limit === 1
    ? vscode.l10n.t(
        '… Lines are missing here: more than 1 line was written since the last read. Raise gcore.logs.lines or lower gcore.logs.followIntervalSeconds to keep up.',
      )
    : vscode.l10n.t(
        '… Lines are missing here: more than {0} lines were written since the last read. Raise gcore.logs.lines or lower gcore.logs.followIntervalSeconds to keep up.',
        limit.toLocaleString(vscode.env.language),
      );
}

/** The edits of a followed read: its dropped lines deleted at the top, its new lines inserted before the last empty line. */
function followedEdit(uri: vscode.Uri, change: FollowedChange): vscode.WorkspaceEdit {
  const edit = new vscode.WorkspaceEdit();
  const lastLine = change.linesBefore - 1;
  if (change.dropLines === lastLine) {
    // Every line goes: one replacement, as a deletion and an insertion at the same place would touch.
    edit.replace(uri, new vscode.Range(0, 0, lastLine, 0), change.append);
    return edit;
  }
  if (change.dropLines > 0) edit.delete(uri, new vscode.Range(0, 0, change.dropLines, 0));
  if (change.append !== '') edit.insert(uri, new vscode.Position(lastLine, 0), change.append);
  return edit;
}

/** Whether the editor shows the last line of text of its document (or the empty line after it). */
function showsEnd(editor: vscode.TextEditor): boolean {
  return editor.visibleRanges.some((range) => range.end.line >= lastTextLine(editor.document));
}

/** How long a change of an open document is waited for: a log of up to 2,000 lines changes in well under a second. */
const CHANGE_TIMEOUT_MS = 5_000;

/**
 * Resolves true once VS Code changed the open document `key` as `until` says; false when it was closed first
 * or did not change in time.
 */
function documentChanged(key: string, until: (document: vscode.TextDocument) => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === key && until(event.document)) done(true);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.toString() === key) done(false);
      }),
    ];
    const timer = setTimeout(() => done(false), CHANGE_TIMEOUT_MS);
    const done = (changed: boolean) => {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.dispose();
      resolve(changed);
    };
  });
}

/** The document VS Code holds for `uri` (shown or not), if any. */
function heldDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === key);
}

/** The tabs, in every group, of the text document `uri`. */
function tabsOf(uri: vscode.Uri): vscode.Tab[] {
  const key = uri.toString();
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === key);
}

function revealEnd(editor: vscode.TextEditor): void {
  const end = new vscode.Position(editor.document.lineCount - 1, 0);
  editor.revealRange(new vscode.Range(end, end), vscode.TextEditorRevealType.Default);
}

/** Where a reader who scrolled is: their cursor if it is in view, else the top line in view. */
function readerLine(editor: vscode.TextEditor): number {
  const line = editor.selection.active.line;
  const shown = editor.visibleRanges[0];
  return shown && (line < shown.start.line || line > shown.end.line) ? shown.start.line : line;
}

/**
 * A log just opened: the cursor on its last line (as Ctrl+End would put it; at the top it would highlight
 * the first line's date in every line), then the end in view. A followed log only scrolls: a reader's
 * cursor and selection stay where they put them.
 */
function openAtEnd(editor: vscode.TextEditor): void {
  const last = lastTextLine(editor.document);
  editor.selection = new vscode.Selection(last, 0, last, 0);
  revealEnd(editor);
}

/** A log's text ends with a line break: its last line of text is the one before the document's last. */
function lastTextLine(document: vscode.TextDocument): number {
  return Math.max(0, document.lineCount - 2);
}
