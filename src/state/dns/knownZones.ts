import * as vscode from 'vscode';
import type { DnssecState } from '../../api/dns/dnsTypes';

export type DnssecStatus = 'on' | 'off' | 'unknown';

/** What the extension remembers about a zone: the interface has no list-zones endpoint. */
export interface KnownZone {
  /** ASCII (punycode), lower-case, no trailing dot. */
  name: string;
  dnssec: DnssecStatus;
  /** The last DNSSEC response seen while it was on: the DS record for the registrar. */
  ds?: DnssecState;
  createdHere?: boolean;
}

const STATE_KEY = 'gcore.knownZones';

/** Known zones in globalState, so they survive reloads and are the same in every window. */
export class KnownZonesStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly memento: vscode.Memento) {}

  all(): KnownZone[] {
    const stored = this.memento.get<unknown>(STATE_KEY, []);
    const zones = Array.isArray(stored) ? stored.filter(isKnownZone) : [];
    return zones.sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): KnownZone | undefined {
    return this.all().find((zone) => zone.name === name);
  }

  /** Adds the zone, or merges into what is known; returns whether it was new. */
  async upsert(zone: KnownZone): Promise<boolean> {
    const zones = this.all();
    const index = zones.findIndex((known) => known.name === zone.name);
    if (index >= 0) zones[index] = { ...zones[index], ...zone };
    else zones.push(zone);
    await this.save(zones);
    return index < 0;
  }

  /** Adds a zone that exists elsewhere, its DNSSEC state unknown; a zone already known is left as it is. */
  async add(name: string): Promise<boolean> {
    const zones = this.all();
    if (zones.some((known) => known.name === name)) return false;
    await this.save([...zones, { name, dnssec: 'unknown' }]);
    return true;
  }

  async recordDnssec(name: string, enabled: boolean, response: DnssecState): Promise<void> {
    await this.upsert({
      name,
      dnssec: enabled ? 'on' : 'off',
      ds: enabled ? response : undefined,
    });
  }

  /** Removes the zone from this extension's memory; returns whether it was known. */
  async forget(name: string): Promise<boolean> {
    const zones = this.all();
    const remaining = zones.filter((zone) => zone.name !== name);
    if (remaining.length === zones.length) return false;
    await this.save(remaining);
    return true;
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async save(zones: KnownZone[]): Promise<void> {
    await this.memento.update(STATE_KEY, zones);
    this.changed.fire();
  }
}

function isKnownZone(value: unknown): value is KnownZone {
  if (typeof value !== 'object' || value === null) return false;
  const zone = value as Record<string, unknown>;
  return typeof zone.name === 'string' && (zone.dnssec === 'on' || zone.dnssec === 'off' || zone.dnssec === 'unknown');
}
