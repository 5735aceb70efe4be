import * as vscode from 'vscode';
import { COMMAND, CONTEXT_KEY, SCHEME } from '../core/contributions';
import type { GcoreClient } from '../api';
import { isGcoreApiError } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import { redactSessionSecrets } from '../logging/redaction';
import type { Logger } from '../logging/logger';
import { LogReads, formatLogLine, localOffsetMinutes, readLogLine, type LogLine } from '../models/containerLogs';
import { containerDocumentPath, parseContainerDocumentPath, type ContainerDocumentAddress } from '../models/containerDocument';
import type { PromptUi } from '../ui/promptUi';

/** A document keeps at most this many lines (the API's own limit); following drops the oldest. */
const MAX_LINES = 100_000;
/**
 * A long log is shown in two steps: its newest lines at once, the older ones above them right after. VS Code
 * takes seconds to bring 100,000 lines into an editor (the text crosses to the window and back), and the
 * newest lines are what people read first.
 */
const FIRST_LINES = 2_000;

/** One container's log as a read-only document. */
interface LogView {
  address: ContainerDocumentAddress;
  /** The lines each read asks for: the setting, or fewer when the user chose fewer for this log. */
  limit: number;
  lines: string[];
  reads: LogReads;
  following: boolean;
  /** The document's text, joined once per change (VS Code asks for all of it at each change). */
  text?: string;
  timer?: ReturnType<typeof setTimeout>;
  reading?: AbortController;
}

export interface LogDocumentsDeps {
  client: Pick<GcoreClient, 'containers'>;
  settings: () => { lines: number; followIntervalMs: number };
  placeOf(address: ContainerDocumentAddress): string;
  ui(): PromptUi;
  log: Logger;
  /** Opens Set API Key, when Gcore refuses the key while a log is followed. */
  setApiKey(): Promise<unknown>;
}

/**
 * Container logs in read-only editors (`gcore-logs:/{project}/{region}/{name} · {place}.log`, shown with
 * VS Code's log colouring): local time, pod, message, the newest at the bottom. Following re-reads every
 * interval while the editor is visible and appends only the lines not shown yet; a hidden editor costs
 * nothing, a closed one stops following, a failure stops it with a message and keeps what was shown.
 */
export class LogDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly views = new Map<string, LogView>();
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  private readonly status = vscode.window.createStatusBarItem('gcore.logs', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changes.event;

  constructor(private readonly deps: LogDocumentsDeps) {
    this.status.name = vscode.l10n.t('Gcore Logs');
    this.subscriptions = [
      vscode.window.onDidChangeVisibleTextEditors(() => this.scheduleVisible()),
      vscode.window.onDidChangeActiveTextEditor(() => this.showState()),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme === SCHEME.logs) this.forget(document.uri);
      }),
    ];
  }

  uriFor(address: ContainerDocumentAddress): vscode.Uri {
    return vscode.Uri.from({ scheme: SCHEME.logs, path: containerDocumentPath(address, this.deps.placeOf(address)).replace(/\.json$/, '.log') });
  }

  /**
   * Reads the newest `limit` lines (the setting's number unless given) and shows them; an open log of the
   * container is read again from scratch.
   */
  async show(address: ContainerDocumentAddress, signal?: AbortSignal, limit = this.deps.settings().lines): Promise<{ uri: vscode.Uri; lines: number }> {
    const uri = this.uriFor(address);
    const { logs } = await this.deps.client.containers.logs(address, address.containerName, limit, { signal });
    const reads = new LogReads();
    const { lines } = reads.read(logs.map(readLogLine));
    // Read from scratch: a log shown before (and maybe followed) starts again, not followed.
    const previous = this.views.get(uri.toString());
    this.stopTimer(previous);
    previous?.reading?.abort();
    const older = Math.max(0, lines.length - FIRST_LINES);
    // Only the lines shown first are formatted before the editor opens; the older ones wait for it.
    const view: LogView = { address, limit, lines: lines.slice(older).map(formatted), reads, following: false };
    this.views.set(uri.toString(), view);
    if (older > 0) view.text = `${vscode.l10n.t('… {0} older lines are on their way', older.toLocaleString(vscode.env.language))}\n${view.lines.join('\n')}\n`;
    const text = this.provideTextDocumentContent(uri);
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    // VS Code asks again for the text of a document it has open; the new lines must be in it before it is shown.
    const updated = open && open.getText() !== text ? documentChanged(uri.toString(), (document) => document.getText() === text) : Promise.resolve(true);
    this.changes.fire(uri);
    await updated;
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    revealEnd(editor);
    if (older > 0 && this.views.get(uri.toString()) === view) await this.showOlderLines(uri, view, editor, lines.slice(0, older));
    this.scheduleVisible();
    this.showState();
    return { uri, lines: view.lines.length };
  }

  /** The whole log in place of its newest lines; the editor stays at the end unless it was scrolled away. */
  private async showOlderLines(uri: vscode.Uri, view: LogView, editor: vscode.TextEditor, olderLines: readonly LogLine[]): Promise<void> {
    view.lines = olderLines.map(formatted).concat(view.lines);
    view.text = undefined;
    const newestLines = editor.document.lineCount;
    let atEnd = false;
    // The text ends with a newline: one line more than the log. 100,000 lines take seconds to reach the
    // editor on a slow machine.
    const changed = documentChanged(
      uri.toString(),
      (document) => {
        // The editor still reports where it was before the older lines came: at the end, unless scrolled.
        atEnd = showsEnd(editor, newestLines);
        return document.lineCount === view.lines.length + 1;
      },
      60_000,
    );
    this.changes.fire(uri);
    if ((await changed) && atEnd) revealEnd(editor);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const view = this.views.get(uri.toString());
    if (!view) {
      const address = parseContainerDocumentPath(uri.path.replace(/\.log$/, '.json'));
      return address ? `${vscode.l10n.t('The logs of {0} are not loaded: use Gcore: Show Logs.', address.containerName)}\n` : '';
    }
    view.text ??= view.lines.length === 0 ? `${vscode.l10n.t('No log lines from {0} yet.', view.address.containerName)}\n` : `${view.lines.join('\n')}\n`;
    return view.text;
  }

  follow(uri: vscode.Uri): void {
    const view = this.views.get(uri.toString());
    if (!view) throw new Error(vscode.l10n.t('This log is not loaded any more: open it again with Show Logs.'));
    view.following = true;
    this.scheduleVisible();
    this.showState();
  }

  stopFollowing(uri: vscode.Uri): void {
    const view = this.views.get(uri.toString());
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
      const { logs } = await this.deps.client.containers.logs(view.address, view.address.containerName, limit, { signal: view.reading.signal });
      if (this.views.get(key) !== view || !view.following) return;
      const { lines, gap } = view.reads.read(logs.map(readLogLine), limit);
      if (gap) view.lines.push(gapLine(limit));
      if (lines.length > 0 || gap) {
        view.lines.push(...lines.map(formatted));
        if (view.lines.length > MAX_LINES) view.lines.splice(0, view.lines.length - MAX_LINES);
        view.text = undefined;
        const uri = vscode.Uri.parse(key);
        const atEnd = vscode.window.visibleTextEditors.filter((editor) => editor.document.uri.toString() === key && showsEnd(editor));
        // Those who watched the end keep watching it; those who scrolled up stay where they are.
        if (atEnd.length > 0) void documentChanged(key, () => true).then((changed) => changed && atEnd.forEach(revealEnd));
        this.changes.fire(uri);
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

  private async reportStop(view: LogView, error: unknown): Promise<void> {
    this.deps.log.warn(`following the logs of ${view.address.containerName} stopped: ${failureReason(error)}`);
    const unauthorized = isGcoreApiError(error) && (error.kind === 'unauthorized' || error.kind === 'badApiKey');
    const tooLarge = isGcoreApiError(error) && error.tooLarge !== undefined;
    const reason = failureReason(error);
    const message = tooLarge
      ? vscode.l10n.t('Stopped following the logs of {0}: {1} Lower the setting gcore.logs.lines, then follow again. The lines shown are kept.', view.address.containerName, reason)
      : vscode.l10n.t('Stopped following the logs of {0}: {1} The lines shown are kept.', view.address.containerName, reason);
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

  private stopTimer(view: LogView | undefined): void {
    if (view?.timer) clearTimeout(view.timer);
    if (view) view.timer = undefined;
  }

  /** The editor title's toggle and the status bar follow the active editor. */
  private showState(): void {
    const active = vscode.window.activeTextEditor?.document.uri;
    const view = active?.scheme === SCHEME.logs ? this.views.get(active.toString()) : undefined;
    // The editor title's Follow / Stop Following.
    void vscode.commands.executeCommand('setContext', CONTEXT_KEY.activeLogFollowed, view?.following === true);
    if (view?.following) {
      this.status.text = `$(sync~spin) ${vscode.l10n.t('Following {0}', view.address.containerName)}`;
      this.status.tooltip = vscode.l10n.t('The logs of {0} are read again every {1} s while shown. Click to stop.', view.address.containerName, this.deps.settings().followIntervalMs / 1000);
      this.status.command = { title: vscode.l10n.t('Stop Following Logs'), command: COMMAND.stopFollowingContainerLogs, arguments: [active] };
      this.status.show();
    } else {
      this.status.hide();
    }
  }
}

/** A line as shown: a container that logs its environment must not put the API key on the screen. */
function formatted(line: LogLine): string {
  return redactSessionSecrets(formatLogLine(line, localOffsetMinutes));
}

/** Where lines are missing: more were written between two reads than one read brings. */
function gapLine(limit: number): string {
  return limit === 1
    ? vscode.l10n.t('… Lines are missing here: more than 1 line was written since the last read. Raise gcore.logs.lines or lower gcore.logs.followIntervalSeconds to keep up.')
    : vscode.l10n.t(
        '… Lines are missing here: more than {0} lines were written since the last read. Raise gcore.logs.lines or lower gcore.logs.followIntervalSeconds to keep up.',
        limit.toLocaleString(vscode.env.language),
      );
}

/** Whether the editor shows the last line (or the one before it) of a document of `lineCount` lines. */
function showsEnd(editor: vscode.TextEditor, lineCount = editor.document.lineCount): boolean {
  return editor.visibleRanges.some((range) => range.end.line >= lineCount - 2);
}

/**
 * Resolves true once VS Code changed the open document `key` as `until` says; false when it was closed first
 * or did not change within `timeoutMs`.
 */
function documentChanged(key: string, until: (document: vscode.TextDocument) => boolean, timeoutMs = 5_000): Promise<boolean> {
  return new Promise((resolve) => {
    const subscriptions = [
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === key && until(event.document)) done(true);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.toString() === key) done(false);
      }),
    ];
    const timer = setTimeout(() => done(false), timeoutMs);
    const done = (changed: boolean) => {
      clearTimeout(timer);
      for (const subscription of subscriptions) subscription.dispose();
      resolve(changed);
    };
  });
}

function revealEnd(editor: vscode.TextEditor): void {
  const end = new vscode.Position(editor.document.lineCount - 1, 0);
  editor.revealRange(new vscode.Range(end, end), vscode.TextEditorRevealType.Default);
}
