/**
 * The log as a module that writes to it sees it. `Logger` (the "Gcore" channel) is the one the extension
 * passes; a module that asks for this instead loads without VS Code, so plain-Node tests can hand it a
 * record of lines.
 */
export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Brings the log in front (the Show Log button). */
  show(): void;
}
