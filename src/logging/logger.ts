import * as vscode from 'vscode';
import { redact } from './redaction';

/** The "Gcore" log channel; every line passes through redaction of the current secrets. */
export class Logger implements vscode.Disposable {
  private readonly channel = vscode.window.createOutputChannel('Gcore', { log: true });
  private secrets: readonly (string | undefined)[] = [];

  /** Keys that must never appear in the log, refreshed whenever the key changes. */
  setSecrets(secrets: readonly (string | undefined)[]): void {
    this.secrets = secrets;
  }

  info(message: string): void {
    this.channel.info(this.clean(message));
  }

  warn(message: string): void {
    this.channel.warn(this.clean(message));
  }

  error(message: string, error?: unknown): void {
    const detail = error instanceof Error ? `: ${error.message}` : error !== undefined ? `: ${String(error)}` : '';
    this.channel.error(this.clean(`${message}${detail}`));
  }

  debug(message: string): void {
    this.channel.debug(this.clean(message));
  }

  show(): void {
    this.channel.show(true);
  }

  dispose(): void {
    this.channel.dispose();
  }

  private clean(message: string): string {
    return redact(message, this.secrets);
  }
}
