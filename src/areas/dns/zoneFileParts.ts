import * as vscode from 'vscode';
import { COMMAND, SCHEME } from '../../core/contributions';
import type { ZoneFileEditor } from '../../documents/dns/zoneFileDocuments';
import { LazyDocuments } from '../../documents/lazyDocuments';
import { zoneNameForDisplay } from '../../models/dns/zoneCreate';
import type { Core } from '../core';

/**
 * Zone file documents: a zone's record sets as BIND's text, applied as one batch. Their reader, writer and plan load
 * with the first zone file document or command; `written` follows every applied change.
 */
export function zoneFileDocuments(core: Core, written: (zoneName: string) => void): LazyDocuments<ZoneFileEditor> {
  const { client, ui } = core;
  return new LazyDocuments({ scheme: SCHEME.zoneFile, applyCommand: COMMAND.applyZoneFile }, async () => {
    const [{ zoneFileResource }, { applyRecordSetChanges, isPartlyApplied }, { ResourceFileSystem }] = await Promise.all([
      import('../../documents/dns/zoneFileDocuments.js'),
      import('../../writes/dns/recordSetBatch.js'),
      import('../../documents/resourceFileSystem.js'),
    ]);
    const editor: ZoneFileEditor = new ResourceFileSystem(
      zoneFileResource({
        readSets: async (zoneName) => (await client.dns.listRecords(zoneName)).rrsets,
        apply: (zoneName, changes, signal, onWait) => applyRecordSetChanges(client.dns, zoneName, changes, signal, onWait),
        written,
        applied: (zoneName, changes) =>
          void ui
            .get()
            .notify(
              'info',
              changes.length === 1
                ? vscode.l10n.t('Applied 1 record set change to {0}.', zoneNameForDisplay(zoneName))
                : vscode.l10n.t('Applied {0} record set changes to {1}.', changes.length, zoneNameForDisplay(zoneName)),
            ),
        appliedBeforeFailure: (error) => (isPartlyApplied(error) ? error.applied : undefined),
      }),
      { ui: ui.get, log: core.log, snapshots: core.snapshots },
    );
    return editor;
  });
}
