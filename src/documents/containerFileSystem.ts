import * as vscode from 'vscode';
import type { Container, ContainerFlavor, ContainerUpdateResult, GcoreClient, ProjectRegionRef } from '../api';
import { isEndpointMissing } from '../api/errors';
import { failureReason } from '../logging/failureMessage';
import type { Logger } from '../logging/logger';
import {
  containerDocument,
  containerDocumentPath,
  differingFields,
  documentChanges,
  documentProblems,
  documentText,
  parseContainerDocumentPath,
  readDocument,
  type ContainerDocument,
  type ContainerDocumentAddress,
} from '../models/containerDocument';
import { validateContainerUpdate, type ContainerUpdate } from '../models/containerUpdate';
import type { PromptUi } from '../ui/promptUi';
import { describeProblems } from '../validation/problems';
import { updateSummary } from '../views/presentation/updateSummary';
import type { Snapshots } from './snapshots';

export const CONTAINER_SCHEME = 'gcore-container';

/** One open container document. */
interface Entry {
  address: ContainerDocumentAddress;
  /** The container at Gcore when the text was last loaded from it; undefined when it could not be read. */
  opened?: ContainerDocument;
  sizes?: readonly ContainerFlavor[];
  text: Uint8Array;
  /** Kept here by Auto Save and not sent: only Review and Apply sends it, and nothing replaces it. */
  draft: boolean;
  /** Whether the user was told once that Auto Save does not send. */
  toldAboutDraft: boolean;
  ctime: number;
  mtime: number;
}

export interface ContainerEditorDeps {
  client: Pick<GcoreClient, 'containers'>;
  /** The location's containers as just shown (read again when old); undefined when the list cannot be read. */
  listed(location: ProjectRegionRef): Promise<readonly Container[] | undefined>;
  sizes(location: ProjectRegionRef): Promise<readonly ContainerFlavor[] | undefined>;
  /** How a tab names the location: its label, or its ids. */
  placeOf(location: ProjectRegionRef): string;
  ui(): PromptUi;
  log: Logger;
  snapshots: Snapshots;
  /** An update was sent from a document: announce it and follow its tasks; `reopen` shows the document. */
  applied(address: ContainerDocumentAddress, result: ContainerUpdateResult, reopen: () => Promise<unknown>): void;
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
/** The command behind Review and Apply (the editor title's button, Ctrl+S on a saved document). */
export const APPLY_COMMAND = 'gcore.applyContainerJson';

/**
 * Containers as JSON documents of their editable fields. Reading a document reads the container from
 * Gcore; saving one is the review: what changed is shown as a diff and sent only on Apply, as one update
 * of exactly the changed fields. A save that sends nothing (Keep Editing, a refusal by Gcore, an invalid
 * value) fails, so VS Code keeps the document dirty and nothing typed is lost.
 */
export class ContainerFileSystem implements vscode.FileSystemProvider {
  private readonly entries = new Map<string, Entry>();
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
  /** A document's starting point (the values at Gcore it is compared with) or its unsent draft changed. */
  readonly onDidChangeBase = this.baseChanges.event;

  constructor(private readonly deps: ContainerEditorDeps) {
    this.subscriptions = [
      vscode.workspace.onWillSaveTextDocument((event) => {
        if (event.document.uri.scheme === CONTAINER_SCHEME) this.saveReasons.set(event.document.uri.toString(), event.reason);
      }),
      vscode.workspace.onDidSaveTextDocument((document) => {
        const text = this.afterSave.get(document.uri.toString());
        if (text === undefined) return;
        this.afterSave.delete(document.uri.toString());
        this.replace(document.uri, text);
      }),
    ];
  }

  uriFor(address: ContainerDocumentAddress): vscode.Uri {
    return vscode.Uri.from({ scheme: CONTAINER_SCHEME, path: containerDocumentPath(address, this.deps.placeOf(address)) });
  }

  /** Reads the container and keeps it as the document's starting point (again, when `uri` is open already). */
  async load(uri: vscode.Uri): Promise<Entry> {
    const address = parseContainerDocumentPath(uri.path);
    if (!address) throw vscode.FileSystemError.FileNotFound(uri);
    const [container, sizes] = await Promise.all([this.readOpening(address), this.deps.sizes(address)]);
    const opened = container ? containerDocument(container) : undefined;
    const now = Date.now();
    const entry: Entry = { address, opened, sizes, text: encode(documentText(opened ?? {})), draft: false, toldAboutDraft: false, ctime: now, mtime: now };
    const reopened = this.entries.has(uri.toString());
    this.entries.set(uri.toString(), entry);
    if (reopened) this.changes.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    if (!opened) {
      void this.deps.ui().notify(
        'info',
        vscode.l10n.t('The current values of container {0} cannot be read from Gcore, so its document starts empty: add the fields to change (completion lists them). Saving shows what will be sent.', address.containerName),
      );
    }
    return entry;
  }

  /** Whether Auto Save kept edits of this document that were not sent (opening it again must not drop them). */
  hasDraft(uri: vscode.Uri): boolean {
    return this.entries.get(uri.toString())?.draft ?? false;
  }

  /** What a document is compared with and checked against: the values it was opened from, the location's sizes. */
  baseOf(uri: vscode.Uri): { opened: Record<string, unknown>; sizes?: readonly ContainerFlavor[] } | undefined {
    const entry = this.entries.get(uri.toString());
    return entry ? { opened: entry.opened ?? {}, sizes: entry.sizes } : undefined;
  }

  /**
   * After an update from this document ended: `finished` reloads the text from Gcore (unless the user
   * edits it again); otherwise only the starting point is read again, so the edits stay for a retry.
   */
  async refreshFromGcore(location: ProjectRegionRef, containerName: string, finished: boolean): Promise<void> {
    for (const [key, entry] of this.entries) {
      const { address } = entry;
      if (address.projectId !== location.projectId || address.regionId !== location.regionId || address.containerName !== containerName) continue;
      const container = await this.readNow(address).catch(() => undefined);
      if (!container) continue;
      entry.opened = containerDocument(container);
      this.baseChanges.fire();
      const uri = vscode.Uri.parse(key);
      if (finished && !isDirty(uri) && !entry.draft) this.replace(uri, documentText(entry.opened));
    }
  }

  /**
   * Review and Apply, on whatever the editor holds: edits kept by Auto Save, a retry after a failed update,
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
    if (outcome.kind === 'kept') throw new NotSentError(vscode.l10n.t('you chose Keep Editing. Save again to review the changes.'));
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
  private keepDraft(uri: vscode.Uri, entry: Entry, content: Uint8Array): void {
    entry.text = content;
    entry.mtime = nextTime(entry.mtime);
    const read = readDocument(decode(content));
    this.setDraft(entry, !read.ok || Object.keys(documentChanges(entry.opened ?? {}, read.value)).length > 0);
    if (!entry.draft || entry.toldAboutDraft) return;
    entry.toldAboutDraft = true;
    const name = entry.address.containerName;
    void this.deps
      .ui()
      .notify('info', vscode.l10n.t('Auto Save keeps your edits of container {0} in this editor only: nothing is sent to Gcore until you choose Review and Apply (Ctrl+S, or the cloud button above the editor).', name), REVIEW_AND_APPLY)
      .then((choice) => (choice === REVIEW_AND_APPLY ? vscode.commands.executeCommand(APPLY_COMMAND, uri) : undefined));
  }

  private setDraft(entry: Entry, draft: boolean): void {
    if (entry.draft === draft) return;
    entry.draft = draft;
    this.baseChanges.fire();
  }

  private async entry(uri: vscode.Uri): Promise<Entry> {
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

  /**
   * The container to open: from the list just shown, else read alone. Undefined only when this API reads
   * no containers at all (the document then starts empty); a container missing from a list that exists,
   * a refused key or a network failure fail the opening with their own message.
   */
  private async readOpening(address: ContainerDocumentAddress): Promise<Container | undefined> {
    const listed = await this.deps.listed(address);
    const fromList = listed?.find((container) => container.name === address.containerName);
    if (fromList) return fromList;
    try {
      return await this.deps.client.containers.get(address, address.containerName);
    } catch (error) {
      if (listed === undefined && isEndpointMissing(error)) return undefined;
      throw error;
    }
  }

  /** The container at Gcore now; undefined when this API cannot read one container. */
  private async readNow(address: ContainerDocumentAddress): Promise<Container | undefined> {
    try {
      return await this.deps.client.containers.get(address, address.containerName);
    } catch (error) {
      if (isEndpointMissing(error)) return undefined;
      throw error;
    }
  }

  private async review(uri: vscode.Uri, entry: Entry, text: string): Promise<ReviewOutcome> {
    const { address } = entry;
    const name = address.containerName;
    const read = readDocument(text);
    if (!read.ok) throw new NotSentError(`${read.message}.`);
    const invalid = documentProblems(read.value, entry.opened ?? {}, entry.sizes).filter((problem) => problem.severity === 'error');
    if (invalid.length > 0) throw new NotSentError(vscode.l10n.t('{0}. The fields are marked in the editor.', describeProblems(invalid)));

    let atGcore: Container | undefined;
    try {
      atGcore = await this.readNow(address);
    } catch (error) {
      throw new NotSentError(vscode.l10n.t('container {0} could not be read to compare with your edits ({1}). Save again to retry.', name, failureReason(error)), error);
    }
    const now = atGcore ? containerDocument(atGcore) : undefined;
    const ui = this.deps.ui();
    let base: Record<string, unknown> = entry.opened ?? {};
    if (entry.opened && now && differingFields(entry.opened, now).length > 0) {
      const moved = differingFields(entry.opened, now);
      const choice = await ui.choose({
        message: vscode.l10n.t('Container {0} changed at Gcore after you opened it ({1}).', name, moved.join(', ')),
        detail: vscode.l10n.t('Compare shows what you opened, what is at Gcore now and your edits. Overwrite sends your edits over the values at Gcore. Reload replaces your edits with the values at Gcore.'),
        choices: [COMPARE, OVERWRITE, RELOAD],
      });
      if (choice === RELOAD) {
        entry.opened = now;
        return { kind: 'replace', text: documentText(now) };
      }
      if (choice !== OVERWRITE) {
        if (choice === COMPARE) await this.compare(uri, entry.opened, now);
        return { kind: 'kept' };
      }
      base = now;
    }

    const changed = documentChanges(base, read.value);
    if (Object.keys(changed).length === 0) {
      void ui.notify('info', vscode.l10n.t('Nothing to update: the document has the values of container {0} at Gcore. Nothing was sent.', name));
      return { kind: 'unchanged' };
    }
    const checked = validateContainerUpdate(changed);
    if (!checked.ok) throw new NotSentError(`${describeProblems(checked.problems)}.`);
    const changes: ContainerUpdate = checked.value;

    const diff = await this.showDiff(uri, base, vscode.l10n.t('{0}: at Gcore ↔ your edits', name));
    const fields = Object.keys(changes).length;
    const choice = await ui.choose({
      message:
        fields === 1
          ? vscode.l10n.t('Apply 1 change to container {0} in project {1}, region {2}?', name, address.projectId, address.regionId)
          : vscode.l10n.t('Apply {0} changes to container {1} in project {2}, region {3}?', fields, name, address.projectId, address.regionId),
      detail: updateSummary(changes, atGcore),
      choices: [APPLY, KEEP_EDITING, DISCARD],
    });
    await closeTab(diff);
    if (choice === DISCARD) return { kind: 'replace', text: documentText(base) };
    if (choice !== APPLY) return { kind: 'kept' };

    let result: ContainerUpdateResult;
    try {
      result = await ui.withProgress({
        title: vscode.l10n.t('Updating container {0}…', name),
        cancellable: false,
        run: (signal) => this.deps.client.containers.update(address, name, changes, { signal }),
      });
    } catch (error) {
      this.deps.log.error(`the update of container ${name} from its document failed`, error);
      throw new NotSentError(vscode.l10n.t('{0} Your edits are kept; save again to retry.', failureReason(error).replace(/\.?$/, '.')), error, vscode.l10n.t('Gcore did not take the update'));
    }
    // Until the tasks end, the edited values are the best guess of what Gcore holds.
    entry.opened = { ...(now ?? entry.opened ?? {}), ...changes } as ContainerDocument;
    this.baseChanges.fire();
    this.deps.applied(address, result, async () => vscode.window.showTextDocument(uri));
    return { kind: 'applied' };
  }

  /** A diff of the values at Gcore (left, read-only) and the document (right); returns the left side. */
  private async showDiff(uri: vscode.Uri, atGcore: Record<string, unknown>, title: string): Promise<vscode.Uri> {
    const left = this.deps.snapshots.put(`${vscode.l10n.t('{0} (at Gcore)', uri.path.replace(/\.json$/, ''))}.json`, documentText(atGcore));
    await vscode.commands.executeCommand('vscode.diff', left, uri, title, { preview: true });
    return left;
  }

  /** Three versions: the one opened, the one at Gcore now, the edits (the document itself). */
  private async compare(uri: vscode.Uri, opened: Record<string, unknown>, now: Record<string, unknown>): Promise<void> {
    const stem = uri.path.replace(/\.json$/, '');
    const name = parseContainerDocumentPath(uri.path)?.containerName ?? '';
    const openedUri = this.deps.snapshots.put(`${vscode.l10n.t('{0} (opened)', stem)}.json`, documentText(opened));
    const nowUri = this.deps.snapshots.put(`${vscode.l10n.t('{0} (at Gcore now)', stem)}.json`, documentText(now));
    await vscode.commands.executeCommand('vscode.diff', openedUri, nowUri, vscode.l10n.t('{0}: opened ↔ at Gcore now', name), { preview: false });
    await vscode.commands.executeCommand('vscode.diff', nowUri, uri, vscode.l10n.t('{0}: at Gcore now ↔ your edits', name), { preview: false });
  }
}

/**
 * A save that sent nothing. VS Code shows it as "Failed to save '…': Unable to write file '…' (name: message)",
 * so the name says what happened and the message why.
 */
class NotSentError extends Error {
  constructor(message: string, cause?: unknown, name = vscode.l10n.t('Nothing was sent to Gcore')) {
    super(message, { cause });
    this.name = name;
  }
}

function isDirty(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((document) => document.uri.toString() === uri.toString() && document.isDirty);
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
