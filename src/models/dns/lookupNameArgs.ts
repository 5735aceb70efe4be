import * as l10n from '@vscode/l10n';
import { LOOKUP_SERVERS, type LookupServer } from '../../api/dns/dnsTypes';
import { normalizeDnsName } from '../../validation/domainName';
import type { FieldSpec } from '../../validation/fieldSpec';
import { validateArgs } from '../../validation/argumentObjects';
import type { Validated } from '../../validation/problems';

export interface LookupNameArgs {
  name: string;
  server: LookupServer;
}

const DEFAULT_LOOKUP_SERVER: LookupServer = 'authoritative_dns';

const LOOKUP_ARGS: readonly FieldSpec[] = [
  {
    name: 'name',
    kind: 'string',
    label: l10n.t('Name to look up'),
    description: l10n.t('A full domain name, such as www.example.com or _dmarc.example.com.'),
    required: true,
    trim: true,
    minLength: 1,
  },
  {
    name: 'server',
    kind: 'string',
    label: l10n.t('Resolver'),
    description: l10n.t(
      "Who answers: authoritative_dns (Gcore's own name servers, the default), google, cloudflare, open_dns, quad9 or gcore.",
    ),
    pattern: `^(?:${LOOKUP_SERVERS.join('|')})$`,
    patternHint: l10n.t('must be one of {0}', LOOKUP_SERVERS.join(', ')),
  },
];

/** `{ name, server? }` of lookupName: the name as DNS compares it (a record set's name may hold `_` and a leading `*`). */
export function validateLookupNameArgs(input: unknown): Validated<LookupNameArgs> {
  return validateArgs<LookupNameArgs>(input, LOOKUP_ARGS, (args, problems) => {
    if (typeof args.name === 'string') {
      const name = normalizeDnsName(args.name, { underscores: true, wildcard: true });
      if (name.ok) args.name = name.name;
      else problems.push(...name.messages.map((message) => ({ field: 'name', message })));
    }
    args.server ??= DEFAULT_LOOKUP_SERVER;
  });
}
