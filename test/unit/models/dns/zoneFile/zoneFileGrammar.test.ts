import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EDITABLE_RECORD_TYPES, RECORD_TYPES } from '../../../../../src/models/dns/recordContent';
import { ZONE_RECORD_TYPES } from '../../../../../src/models/dns/zoneFile/zoneFileTypes';
import { REPO_ROOT } from '../../../../support/repoRoot';

const SYNTAXES = path.resolve(REPO_ROOT, 'media/syntaxes');

interface Pattern {
  name?: string;
  match?: string;
  begin?: string;
  end?: string;
  patterns?: Pattern[];
  captures?: Record<string, Pattern>;
}

interface Grammar {
  scopeName: string;
  patterns: Pattern[];
  repository: Record<string, Pattern>;
}

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(SYNTAXES, file), 'utf8')) as T;
}

const grammar = readJson<Grammar>('zone-file.tmLanguage.json');

/** Every regular expression of the grammar, with where it is. */
function expressions(value: unknown, where: string, found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, index) => expressions(item, `${where}[${index}]`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (['match', 'begin', 'end', 'while'].includes(key) && typeof item === 'string') found.push([`${where}.${key}`, item]);
      else expressions(item, `${where}.${key}`, found);
    }
  }
  return found;
}

/**
 * The expression as JavaScript runs it. The grammar keeps to what Oniguruma and JavaScript read alike, but
 * for a leading `(?i)`, which JavaScript writes as the `i` flag; any other Oniguruma-only construct fails here.
 */
function compiled(source: string): RegExp {
  const caseless = source.startsWith('(?i)');
  const body = caseless ? source.slice(4) : source;
  assert.doesNotMatch(body, /\(\?[imx]|\\[GAzZhH]|\(\?>|[*+?]\+/, `Oniguruma-only construct in ${source}`);
  return new RegExp(body, caseless ? 'i' : '');
}

const recordHead = compiled(grammar.repository['record-head'].match ?? '');

describe('the zone file grammar and language configuration', () => {
  it('are JSON that names the scope and the language settings package.json points at', () => {
    assert.equal(grammar.scopeName, 'source.dns-zone-file');
    const configuration = readJson<{
      comments: { lineComment: string };
      brackets: string[][];
      autoClosingPairs: { open: string; close: string }[];
    }>('zone-file.language-configuration.json');
    assert.equal(configuration.comments.lineComment, ';');
    assert.deepEqual(configuration.brackets, [['(', ')']]);
    assert.deepEqual(
      configuration.autoClosingPairs.map((pair) => pair.open + pair.close),
      ['()', '""'],
    );
  });

  it('has only expressions that compile', () => {
    const found = expressions(grammar, 'grammar');
    assert.ok(found.length >= 15, String(found.length));
    for (const [where, source] of found) assert.doesNotThrow(() => compiled(source), where);
  });

  it('reads the start of a record: owner or none, TTL and class in either order, and the type', () => {
    const heads: [string, (string | undefined)[]][] = [
      ['www 300 IN A 192.0.2.1', ['www', '300', 'IN', undefined, 'A']],
      ['@ IN 1h30m TXT "x"', ['@', undefined, 'IN', '1h30m', 'TXT']],
      ['\tIN\tMX\t10 mail', [undefined, undefined, 'IN', undefined, 'MX']],
      ['_sip._tcp.example.com. 60 srv 1 2 3 x', ['_sip._tcp.example.com.', '60', undefined, undefined, 'srv']],
      ['mail A 192.0.2.25', ['mail', undefined, undefined, undefined, 'A']],
      ['x TYPE65534 \\# 0', ['x', undefined, undefined, undefined, 'TYPE65534']],
    ];
    for (const [line, groups] of heads) assert.deepEqual(recordHead.exec(line)?.slice(1), groups, line);
    // Not a record's start: a comment, a directive, a line of data inside parentheses, a type glued to more.
    for (const line of ['; www A 192.0.2.1', '$TTL 3600', '    3600 ; refresh', '  "p=MIIB" )', 'www AAAAA 192.0.2.1']) {
      assert.equal(recordHead.exec(line), null, line);
    }
  });

  it('knows every record type the reader knows, in any case', () => {
    for (const type of new Set([...ZONE_RECORD_TYPES, ...RECORD_TYPES, ...EDITABLE_RECORD_TYPES])) {
      assert.equal(recordHead.exec(`name IN ${type} data`)?.[5], type, type);
      assert.equal(recordHead.exec(`name in ${type.toLowerCase()} data`)?.[5], type.toLowerCase(), type);
    }
  });

  it('marks comments, directives, strings with their escapes, addresses and numbers', () => {
    const repository = grammar.repository;
    const first = (pattern: Pattern | undefined, text: string) =>
      pattern?.match === undefined ? undefined : compiled(pattern.match).exec(text)?.[0];
    const data = repository.data.patterns ?? [];
    const dataNamed = (scope: string) => data.find((pattern) => pattern.name?.startsWith(scope));
    assert.equal(first(repository.comment, 'www A 192.0.2.1 ; cf_tags=cf-proxied:true'), '; cf_tags=cf-proxied:true');
    assert.equal(first(repository.directive.patterns?.[0], '$ORIGIN example.com. ; the zone'), '$ORIGIN example.com.');
    assert.equal(first(repository.directive.patterns?.[1], '$include db.mail'), '$include');
    assert.equal(first(repository.directive.patterns?.[2], '$FOO bar'), '$FOO');
    assert.equal(first(repository.escape, 'caf\\195\\169'), '\\195');
    assert.equal(first(repository.escape, 'say \\"hi'), '\\"');
    assert.equal(first(dataNamed('constant.numeric.ip-address.ipv4'), 'A 192.0.2.1'), '192.0.2.1');
    assert.equal(first(dataNamed('constant.numeric.ip-address.ipv6'), 'AAAA 2001:db8::1 ; v6'), '2001:db8::1');
    assert.equal(first(dataNamed('constant.numeric.ip-address.ipv6'), 'AAAA ::ffff:192.0.2.1'), '::ffff:192.0.2.1');
    assert.equal(first(dataNamed('constant.numeric.dns-zone-file'), 'mail.example.com. 10 2w'), '10');
    assert.equal(first(dataNamed('constant.numeric.dns-zone-file'), 'host2.example.com.'), undefined);
    assert.equal(compiled(repository.string.begin ?? '').source, '"');
  });
});
