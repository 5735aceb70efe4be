import * as l10n from '@vscode/l10n';
import { asObject } from '../decode';
import type { DelegationNameServer, DelegationStatus } from './dnsTypes';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function texts(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '') : undefined;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** A name server of the answer, or undefined when it has no name; addresses that are not text are left out. */
function decodeNameServer(value: unknown): DelegationNameServer | undefined {
  if (!isObject(value) || typeof value.name !== 'string' || value.name.trim() === '') return undefined;
  const server: DelegationNameServer = { ...value, name: value.name };
  for (const field of ['ipv4Addresses', 'ipv6Addresses'] as const) {
    const addresses = texts(value[field]);
    if (addresses === undefined) delete server[field];
    else server[field] = addresses;
  }
  return server;
}

/**
 * The delegation status as Gcore sent it, read tolerantly: a known field of another type is left out (a
 * count that is not a whole number, a flag that is not a boolean), and so is a name server without a name.
 * Only an answer that is not an object at all is refused.
 */
export function decodeDelegationStatus(value: unknown): DelegationStatus {
  const body = asObject(value ?? {}, () => l10n.t('the delegation status is not an object'));
  const status: DelegationStatus = { ...body };
  const servers = body.authoritative_name_servers;
  if (Array.isArray(servers)) {
    status.authoritative_name_servers = servers
      .map(decodeNameServer)
      .filter((server): server is DelegationNameServer => server !== undefined);
  } else delete status.authoritative_name_servers;
  for (const field of ['gcore_authorized_count', 'non_gcore_authorized_count'] as const) {
    const known = count(body[field]);
    if (known === undefined) delete status[field];
    else status[field] = known;
  }
  for (const field of ['is_whitelabel_delegation', 'zone_exists'] as const) {
    if (typeof body[field] !== 'boolean') delete status[field];
  }
  return status;
}
