import type * as vscode from 'vscode';
import { CONTEXT_KEY } from '../../core/contributions';
import type { KnownZonesStore } from '../../state/dns/knownZones';
import { completeWalkthroughStep } from '../walkthroughEvents';

/** "Create a zone and turn on DNSSEC": a zone known here has DNSSEC on. */
export function dnssecWalkthroughStep(zones: Pick<KnownZonesStore, 'all' | 'onDidChange'>): vscode.Disposable {
  const check = () => {
    if (zones.all().some((zone) => zone.dnssec === 'on')) completeWalkthroughStep(CONTEXT_KEY.dnssecEnabledHere);
  };
  check();
  return zones.onDidChange(check);
}
