import * as l10n from '@vscode/l10n';
import { domainNameKey } from '../../../core/domainNameKey';
import { parseIntegerText } from '../../../validation/fieldChecks';
import { nameAgainstOrigin } from './zoneFileNames';
import { tokensProblem } from './zoneFileProblems';
import type { ZoneFileProblem, ZoneFileToken } from './zoneFileProblems';
import { readTtl } from './zoneFileTtl';

/*
 * The SOA (RFC 1035, 3.3.13) as a zone file writes it and as Gcore's record set holds it: the primary server
 * and the contact's mailbox, absolute, then the serial, refresh, retry, expire and minimum. Gcore keeps it
 * for the zone: a file carries it so that BIND loads the file, and nothing reads it back into a change.
 */

const MAX_UINT32 = 4294967295;

/** `[primary, mailbox, serial, refresh, retry, expire, minimum]`: names absolute with their dot, the rest numbers. */
export type SoaContent = [string, string, number, number, number, number, number];

function uint32(value: unknown): number | undefined {
  const number = typeof value === 'string' ? parseIntegerText(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= MAX_UINT32 ? number : undefined;
}

function absolute(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

/** An SOA's data read from a zone file: the timers with BIND's units too (1h, 2w), as BIND reads them. */
export function readSoaContent(
  data: readonly ZoneFileToken[],
  origin: string,
  typeToken: ZoneFileToken,
  problems: ZoneFileProblem[],
): SoaContent | undefined {
  const refuse = (tokens: readonly ZoneFileToken[], message: string): undefined => {
    problems.push(tokensProblem(tokens, message));
    return undefined;
  };
  if (data.length !== 7 || data.some((token) => token.quoted)) {
    return refuse(
      data.length > 0 ? data : [typeToken],
      l10n.t('SOA data must be the primary server, the contact mailbox, then the serial, refresh, retry, expire and minimum'),
    );
  }
  const serial = uint32(data[2].text);
  if (serial === undefined) {
    return refuse([data[2]], l10n.t('{0} is not a serial: must be a whole number from 0 to {1}', data[2].text, MAX_UINT32));
  }
  const timers: number[] = [];
  for (const token of data.slice(3)) {
    const ttl = readTtl(token.text);
    if (!ttl.ok) return refuse([token], ttl.message);
    timers.push(ttl.seconds);
  }
  const [refresh, retry, expire, minimum] = timers;
  const [primary, mailbox] = [data[0], data[1]].map((token) => absolute(nameAgainstOrigin(token.text, origin)));
  return [primary, mailbox, serial, refresh, retry, expire, minimum];
}

/**
 * A name as one token of a zone file: nothing that ends the token or the line, opens a comment or a group, or
 * quotes. Gcore's answer is written into files BIND loads, so a name with a line break must not add lines.
 */
const ONE_TOKEN = /^[^\s\p{Cc};()"]+$/u;

/** Gcore's SOA content read as SoaContent; undefined when it does not hold seven such fields, each name one token. */
export function soaContentAtGcore(content: unknown): SoaContent | undefined {
  if (!Array.isArray(content) || content.length !== 7) return undefined;
  const [primary, mailbox] = content;
  const numbers = content.slice(2).map(uint32);
  if (typeof primary !== 'string' || typeof mailbox !== 'string' || !ONE_TOKEN.test(primary.trim()) || !ONE_TOKEN.test(mailbox.trim())) {
    return undefined;
  }
  if (numbers.some((number) => number === undefined)) return undefined;
  const [serial, refresh, retry, expire, minimum] = numbers as number[];
  return [absolute(primary.trim()), absolute(mailbox.trim()), serial, refresh, retry, expire, minimum];
}

/**
 * Whether two SOAs say the same but for the serial, which Gcore raises with every change of the zone: a file
 * read before a change holds an older one and still says what Gcore holds.
 */
export function sameSoaButSerial(a: SoaContent, b: SoaContent): boolean {
  return (
    domainNameKey(a[0]) === domainNameKey(b[0]) &&
    domainNameKey(a[1]) === domainNameKey(b[1]) &&
    a.slice(3).every((value, index) => value === b[index + 3])
  );
}
