import * as vscode from 'vscode';
import { redactSessionSecrets } from './redaction';

/**
 * The "Gcore" log channel; every line passes through redaction of the session's secrets. The channel is
 * made by the first line written, not at activation: making one is a round trip to the window.
 */
export class Logger implements vscode.Disposable {
  private made: vscode.LogOutputChannel | undefined;
  /** The extension's own tests read every line through this; the channel itself cannot be read back. */
  private tap: ((line: string) => void) | undefined;

  setTap(tap: ((line: string) => void) | undefined): void {
    this.tap = tap;
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
    this.made?.dispose();
  }

  private get channel(): vscode.LogOutputChannel {
    this.made ??= vscode.window.createOutputChannel('Gcore', { log: true });
    return this.made;
  }

  private clean(message: string): string {
    const line = redactSessionSecrets(message);
    this.tap?.(line);
    return line;
  }
}
