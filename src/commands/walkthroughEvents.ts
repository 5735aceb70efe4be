import * as vscode from 'vscode';
import type { TaskPoller } from '../loaders/taskPoller';
import type { KnownZonesStore } from '../state/knownZones';

/** Context keys the walkthrough's steps complete on (package.json, `walkthroughs`). */
const UPDATE_FINISHED_CONTEXT = 'gcore.updateFinishedHere';
const DNSSEC_ENABLED_CONTEXT = 'gcore.dnssecEnabledHere';

/**
 * Checks off "Update a container and watch it finish" when an update followed here finished at Gcore, and
 * "Create a zone and turn on DNSSEC" when a zone known here has DNSSEC on: what the steps ask for, not
 * just that a command ran.
 */
export function walkthroughEvents(poller: Pick<TaskPoller, 'onDidChange'>, zones: Pick<KnownZonesStore, 'all' | 'onDidChange'>): vscode.Disposable {
  const set = (key: string) => void vscode.commands.executeCommand('setContext', key, true);
  const dnssecOn = () => zones.all().some((zone) => zone.dnssec === 'on');
  if (dnssecOn()) set(DNSSEC_ENABLED_CONTEXT);
  const unsubscribe = poller.onDidChange((task) => {
    if (task.subject && task.end?.kind === 'finished') set(UPDATE_FINISHED_CONTEXT);
  });
  const zoneChanges = zones.onDidChange(() => {
    if (dnssecOn()) set(DNSSEC_ENABLED_CONTEXT);
  });
  return new vscode.Disposable(() => {
    unsubscribe();
    zoneChanges.dispose();
  });
}
