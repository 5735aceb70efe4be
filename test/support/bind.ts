import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/*
 * BIND's own zone file reader, named-compilezone and named-checkzone from Debian's bind9-utils, run on zone
 * files: the reference the extension's reader and writer are held to.
 */

const INSTALLER = path.resolve(__dirname, '../../../test/runner/install-debian-packages.sh');

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Installs bind9-utils with the test set-up's installer when named-compilezone is missing; throws when it cannot. */
export function ensureBindTools(): void {
  if (hasCommand('named-compilezone')) return;
  const install = spawnSync('bash', [INSTALLER], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 });
  if (install.status !== 0 || !hasCommand('named-compilezone')) {
    throw new Error(`BIND's tools (bind9-utils) are needed and could not be installed: run bash ${INSTALLER} as root`);
  }
}

/** One record as named-compilezone writes it in its full form: owner absolute, TTL in seconds, data in BIND's presentation form. */
export interface BindRecord {
  owner: string;
  ttl: number;
  type: string;
  data: string;
}

export interface BindReading {
  ok: boolean;
  records: BindRecord[];
  /** What BIND said: its warnings and errors. */
  messages: string;
}

function withZoneFile<T>(text: string, use: (file: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gcore-bind-'));
  try {
    const file = path.join(folder, 'zone');
    fs.writeFileSync(file, text);
    return use(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

// Names with underscores (_dmarc, _domainkey) are not host names to BIND's check-names, and the
// integrity checks (an MX naming a CNAME, glue) are the zone's business, not the reader's.
const LENIENT = ['-k', 'ignore', '-i', 'none'];

/** The records BIND reads from `text` as the zone `origin`, each on a line of its own. */
export function compileZone(origin: string, text: string): BindReading {
  return withZoneFile(text, (file) => {
    const run = spawnSync('named-compilezone', [...LENIENT, '-s', 'full', '-o', '-', origin, file], { encoding: 'utf8' });
    const records: BindRecord[] = [];
    const messages: string[] = [];
    for (const line of run.stdout.split('\n')) {
      const match = /^(\S+)\s+(\d+)\s+IN\s+(\S+)\s+(.*)$/.exec(line);
      if (match === null) {
        if (line.trim() !== '') messages.push(line);
      } else records.push({ owner: match[1], ttl: Number(match[2]), type: match[3], data: match[4].trim() });
    }
    return { ok: run.status === 0, records, messages: [...messages, run.stderr].join('\n') };
  });
}

/** Whether BIND loads `text` as the zone `origin` with its default checks, and what it said. */
export function checkZone(origin: string, text: string): { ok: boolean; output: string } {
  return withZoneFile(text, (file) => {
    const run = spawnSync('named-checkzone', [origin, file], { encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  });
}

/**
 * The bytes of a name or a character string as BIND prints them (`\DDD` a byte, `\X` the character X),
 * read as UTF-8: BIND writes every byte that is not printable ASCII as `\DDD`.
 */
export function bindUnescape(written: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < written.length; i++) {
    if (written[i] === '\\' && /^\d{3}$/.test(written.slice(i + 1, i + 4))) {
      bytes.push(Number(written.slice(i + 1, i + 4)));
      i += 3;
    } else {
      if (written[i] === '\\') i++;
      bytes.push(...Buffer.from(written[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The character strings of BIND's TXT or CAA data (`"a" "b"`, or a word), each unescaped. */
export function bindStrings(data: string): string[] {
  return [...data.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((match) => bindUnescape(match[1] ?? match[2]));
}
