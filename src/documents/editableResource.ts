import type { CommandId } from '../core/contributions';
import type { DocumentProblem, Validated } from '../validation/problems';

/** What a document is compared with and checked against: the resource as opened (undefined: unreadable) and its context. */
export interface DocumentBase<Opened, Context> {
  opened: Opened | undefined;
  context: Context;
}

/** The words of one kind of resource, each a whole sentence for translators. */
export interface ResourceWords<Address> {
  /** The name the resource has in titles and messages ("web-app"). */
  name(address: Address): string;
  /** Opened without its values at Gcore (this API cannot read them): what the user can do. */
  openedEmpty(address: Address): string;
  /** Auto Save kept edits that were not sent: how to send them. */
  autoSaveKept(address: Address): string;
  /** It changed at Gcore after the document was opened (`changes` names what). */
  changedAtGcore(address: Address, changes: string): string;
  /** It could not be read to compare with the edits; nothing was sent (`reason` says why). */
  unreadable(address: Address, reason: string): string;
  /** The edits hold what is at Gcore: nothing to send. */
  nothingToSend(address: Address): string;
  /** The question before sending `count` changes. */
  applyQuestion(address: Address, count: number): string;
  /** The progress title while the change is sent. */
  sending(address: Address): string;
  /** The name of the error VS Code shows when Gcore refused the change. */
  refused: string;
  /** A log line (English) when sending failed. */
  sendFailedLog(address: Address): string;
}

/** What the review shows before a change is sent. */
export interface ReviewDescription {
  count: number;
  detail: string;
  /**
   * The resource's own question and buttons, in place of Apply / Keep Editing / Discard: a new GPU cluster asks as
   * its wizard does (Create, or Create Anyway past the quota; Edit). `send` sends, `keep` keeps the edits. `first`
   * is a button before them that does something else first (Request Quota): once it has run, the review is shown
   * again when it answers true (the quota granted), else the edits are kept.
   */
  asked?: { message: string; send: string; keep: string; first?: { label: string; run(): Promise<boolean> } };
}

/**
 * One kind of Gcore resource edited as a document of the extension's own scheme: what the editor
 * mechanism (ResourceFileSystem) leaves to each resource. The mechanism keeps the documents, their Auto
 * Save drafts and the review before anything is sent; a resource reads itself, renders and reads back its
 * text, checks it, computes the smallest change and sends it.
 */
export interface EditableResource<Address, Opened, Context, Edited, Change, Result> {
  readonly scheme: string;
  /** Review and Apply (the editor title's button, the line above the document, Ctrl+S on a saved document). */
  readonly applyCommand: CommandId;
  readonly words: ResourceWords<Address>;
  /**
   * After Apply, the document shows the resource rendered again rather than the text as typed (a zone file is
   * printed again in its order and form, so the next edit starts from what Gcore holds).
   */
  readonly renderAfterSend?: boolean;
  /** The path of a resource's document; its last part is the tab's title. */
  path(address: Address): string;
  /** The address a path names, or undefined for a path this resource did not make (or a name it refuses). */
  address(path: string): Address | undefined;
  /**
   * The resource as the document opens it, and what it is checked against. `opened` is undefined only when
   * this API cannot read such resources (the document then starts empty); other failures throw.
   */
  open(address: Address): Promise<DocumentBase<Opened, Context>>;
  /** The resource at Gcore now (undefined: this API cannot read it); throws when it cannot be read otherwise. */
  readNow(address: Address): Promise<Opened | undefined>;
  /** The document's text; `undefined` renders the empty document. */
  render(opened: Opened | undefined): string;
  /** An edited text read back, or what is wrong with it in words a user can act on. */
  parse(text: string): { ok: true; value: Edited } | { ok: false; message: string };
  /** What is wrong with the edits, field by field. */
  problems(edited: Edited, base: DocumentBase<Opened, Context>): DocumentProblem[];
  /** Where a problem's field is written in the text (offsets of its value), when it can be found. */
  locate(text: string, field: string): { start: number; end: number } | undefined;
  /** The fields the edits change against `base`, in the document's order. */
  changedFields(base: Opened | undefined, edited: Edited): string[];
  /** The fields that differ between two readings of the resource: a conflict when any. */
  conflicts(opened: Opened, now: Opened): string[];
  /** The change to send, validated: the smallest that makes `base` what the edits say. */
  change(base: Opened | undefined, edited: Edited): Validated<Change>;
  /**
   * How many changes, and what they do (current → new where `now` says); a resource may ask Gcore first
   * (a new container's quota and price).
   */
  describe(change: Change, now: Opened | undefined, address: Address): ReviewDescription | Promise<ReviewDescription>;
  send(address: Address, change: Change, signal: AbortSignal, report: (message: string) => void): Promise<Result>;
  /**
   * A send that failed may have carried out part of the change (a batch of requests): what is at Gcore then,
   * as the failure tells it, so that saving again sends only the rest. Undefined, or absent: nothing changed.
   */
  partlySent?(base: Opened | undefined, error: unknown): Opened | undefined;
  /** What is at Gcore once the change is carried out, as best known until it is read again. */
  afterSend(base: Opened | undefined, change: Change): Opened;
  /** Gcore took the change: tell the user and follow what it started; `reopen` shows the document. */
  sent(address: Address, result: Result, reopen: () => Promise<unknown>): void;
}
