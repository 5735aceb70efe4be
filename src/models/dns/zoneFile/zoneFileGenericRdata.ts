import * as l10n from '@vscode/l10n';
import type { EditableRecordType } from '../recordContent';

/*
 * RFC 3597's generic form of a record's data, `\# <length> <hex>…`, which any type may be written in
 * (`TYPE257 \# 22 0005697373…` is a CAA). Read into the parts the type's text form gives, so that both forms
 * pass the same checks.
 */

/** The word that starts the generic form. */
export const GENERIC_DATA_MARK = '\\#';

export type GenericParts = { ok: true; parts: unknown[] } | { ok: false; message: string };

const HEX = /^[0-9a-f]*$/i;
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

class Truncated extends Error {}

/** Reads wire data front to back; running past its end throws Truncated. */
class WireReader {
  private at = 0;
  constructor(private readonly bytes: Buffer) {}

  get left(): number {
    return this.bytes.length - this.at;
  }

  take(count: number): Buffer {
    if (count > this.left) throw new Truncated();
    const taken = this.bytes.subarray(this.at, this.at + count);
    this.at += count;
    return taken;
  }

  uint8(): number {
    return this.take(1)[0];
  }

  uint16(): number {
    return this.take(2).readUInt16BE(0);
  }

  /** An uncompressed domain name (RFC 3597, 4: no compression in the generic form), absolute, labels as written in text. */
  name(): string {
    const labels: string[] = [];
    for (let length = this.uint8(); length !== 0; length = this.uint8()) {
      if (length > 63) throw new Truncated();
      labels.push([...this.take(length)].map(labelCharacter).join(''));
    }
    return `${labels.join('.')}.`;
  }
}

/** A byte of a label as a zone file writes it: `\DDD` for what is not a letter, digit, hyphen or underscore. */
function labelCharacter(byte: number): string {
  const character = String.fromCharCode(byte);
  return /[A-Za-z0-9_-]/.test(character) ? character : `\\${String(byte).padStart(3, '0')}`;
}

function utf8(bytes: Buffer): string | undefined {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** An IPv6 address from its 16 bytes, in full: the checks and the comparisons read every spelling alike. */
function ipv6(bytes: Buffer): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes.readUInt16BE(i).toString(16));
  return groups.join(':');
}

/** The parts of the wire data of `type`, as its text form gives them; texts as they read, hosts absolute. */
function wireParts(type: EditableRecordType, wire: WireReader): unknown[] | string {
  switch (type) {
    case 'A':
      return [[...wire.take(4)].join('.')];
    case 'AAAA':
      return [ipv6(wire.take(16))];
    case 'CNAME':
    case 'NS':
    case 'PTR':
      return [wire.name()];
    case 'MX':
      return [wire.uint16(), wire.name()];
    case 'SRV':
      return [wire.uint16(), wire.uint16(), wire.uint16(), wire.name()];
    case 'TXT': {
      const strings: string[] = [];
      while (wire.left > 0) {
        const text = utf8(wire.take(wire.uint8()));
        if (text === undefined) return l10n.t('its text is not UTF-8, which Gcore cannot store');
        strings.push(text);
      }
      return [strings.join('')];
    }
    case 'CAA': {
      const flags = wire.uint8();
      const tag = utf8(wire.take(wire.uint8()));
      const value = utf8(wire.take(wire.left));
      if (tag === undefined || value === undefined) return l10n.t('its tag or value is not UTF-8 text');
      return [flags, tag, value];
    }
  }
}

/**
 * The parts of `\# <length> <hex>…` (the tokens after the mark) for `type`: the hex data must be as long as
 * its length says and hold exactly one record's data.
 */
export function readGenericParts(type: EditableRecordType, words: readonly string[]): GenericParts {
  const [length, ...hexWords] = words;
  const form = l10n.t('the generic form (RFC 3597) is \\# then the length in bytes, then the data in hexadecimal, such as \\# 4 C0000201');
  if (length === undefined || !/^\d+$/.test(length)) return { ok: false, message: form };
  const hex = hexWords.join('');
  if (!HEX.test(hex) || hex.length % 2 !== 0) {
    return { ok: false, message: l10n.t('{0}: its data is not whole bytes in hexadecimal', form) };
  }
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length !== Number(length)) {
    return { ok: false, message: l10n.t('the generic form (RFC 3597) says {0} bytes and holds {1}', length, bytes.length) };
  }
  const wire = new WireReader(bytes);
  try {
    const parts = wireParts(type, wire);
    if (typeof parts === 'string') {
      return { ok: false, message: l10n.t('the generic form (RFC 3597) of this {0} record does not read: {1}', type, parts) };
    }
    if (wire.left > 0) {
      return {
        ok: false,
        message: l10n.t('the generic form (RFC 3597) of this {0} record holds {1} bytes more than its data', type, wire.left),
      };
    }
    return { ok: true, parts };
  } catch (error) {
    if (error instanceof Truncated) {
      return { ok: false, message: l10n.t('the generic form (RFC 3597) of this {0} record ends before its data does', type) };
    }
    throw error;
  }
}
