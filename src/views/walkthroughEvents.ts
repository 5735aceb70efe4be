import * as vscode from 'vscode';
import type { TaskPoller } from '../loaders/taskPoller';
import type { KnownZonesStore } from '../state/dns/knownZones';
import { CONTEXT_KEY } from '../core/contributions';

/**
 * The context keys the walkthrough's steps complete on (package.json, `walkthroughs`). Checks off "Update a container and watch it finish" when an update followed here finished at Gcore, and
 * "Create a zone and turn on DNSSEC" when a zone known here has DNSSEC on: what the steps ask for, not
 * just that a command ran.
 */
export function walkthroughEvents(
  poller: Pick<TaskPoller, 'onDidChange'>,
  zones: Pick<KnownZonesStore, 'all' | 'onDidChange'>,
): vscode.Disposable {
  const set = (key: string) => void vscode.commands.executeCommand('setContext', key, true);
  const dnssecOn = () => zones.all().some((zone) => zone.dnssec === 'on');
  if (dnssecOn()) set(CONTEXT_KEY.dnssecEnabledHere);
  const unsubscribe = poller.onDidChange((task) => {
    if (task.subject && task.end?.kind === 'finished') set(CONTEXT_KEY.updateFinishedHere);
  });
  const zoneChanges = zones.onDidChange(() => {
    if (dnssecOn()) set(CONTEXT_KEY.dnssecEnabledHere);
  });
  return new vscode.Disposable(() => {
    unsubscribe();
    zoneChanges.dispose();
  });
}
