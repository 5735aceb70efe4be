/**
 * A kind of remote window (`vscode-remote://<authority>/…`) an area opens, and the extensions that resolve
 * its authority: VS Code starts the resolver in the new window, which fails when none is installed.
 */
export interface RemoteWindowKind {
  /** Whether a remote authority is of this kind (`ssh-remote+…`). */
  matches(authority: string): boolean;
  /** The extensions that resolve it: the window opens only where one of them is installed. */
  readonly extensionIds: readonly string[];
}

/** The kinds of remote window the areas open, each registered by its area: the prompt port knows none itself. */
export class RemoteWindowKinds {
  private readonly kinds: RemoteWindowKind[] = [];

  register(kind: RemoteWindowKind): void {
    this.kinds.push(kind);
  }

  /** The extensions one of which a window of `authority` needs; undefined when no kind claims it. */
  resolversOf(authority: string): readonly string[] | undefined {
    return this.kinds.find((kind) => kind.matches(authority))?.extensionIds;
  }
}
