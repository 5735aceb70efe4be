import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as l10n from '@vscode/l10n';
import { getL10nJson } from '@vscode/l10n-dev';
import { describeFailure, recoveryLabel } from '../../../src/logging/failureMessage';
import { BRAND, bypassesIn, readsAsText, sourceFiles, unlistableTranslationsIn, type Bypass } from './userStrings';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const SRC = path.join(ROOT, 'src');

function read(file: string): string {
  return fs.readFileSync(file, 'utf8');
}

function listed(found: Bypass[]): string {
  return found.map((bypass) => `${bypass.file}:${bypass.line}: ${JSON.stringify(bypass.text)}`).join('\n');
}

describe('localization', function () {
  // Extracting the messages of every source file (getL10nJson parses them all) takes seconds alone, and over two
  // minutes on two cores while CI's other phases run beside it.
  this.timeout(300_000);

  describe('finding text for people that bypasses l10n.t', () => {
    it('tells text from identifiers, paths and wire values', () => {
      for (const text of ['Retry', 'Containers', 'must be a number', 'Updating container {}…', ' Try again.']) {
        assert.ok(readsAsText(text), text);
      }
      for (const text of ['gcore.refresh', 'container.withAddress', '/cloud/v1/tasks/{}', 'NEW', 'application/json', 'x', '']) {
        assert.ok(!readsAsText(text), text);
      }
    });

    it('finds a message, a label, an error and a template shown to people', () => {
      const source = [
        "void vscode.window.showErrorMessage('Something failed');",
        "const item = { label: 'Containers' };",
        'throw new Error(`Zone ${name} is gone`);',
        "const text = ok ? 'Ready to go' : 'Not yet';",
      ].join('\n');
      assert.deepEqual(
        bypassesIn('sample.ts', source).map((bypass) => [bypass.line, bypass.text]),
        [
          [1, 'Something failed'],
          [2, 'Containers'],
          [3, 'Zone {} is gone'],
          [4, 'Ready to go'],
          [4, 'Not yet'],
        ],
      );
    });

    it('passes translations, log lines, comparisons, keys, types, imports, error class names and marked strings', () => {
      const source = [
        "import { Thing } from 'Some Module';",
        "void vscode.window.showErrorMessage(vscode.l10n.t('Something failed: {0}', reason));",
        "const label = l10n.t('Containers');",
        "const field = l10n.t({ message: 'Retry', comment: ['The SOA retry interval'] });",
        "log.info('Started the poller');",
        'this.log.error(`Update ${id} failed`, error);',
        "if (choice === 'Set API Key') run();",
        "switch (status) { case 'Deploying': break; }",
        "const byName = { 'Display Name': 1 }; const one = byName['Display Name'];",
        "type Status = 'Ready' | 'Error';",
        "this.name = 'UserCancelledError';",
        "const header = 'Retry-After'; // not user text: an HTTP header",
        '// not user text: a mistake of the build, for its developer',
        "throw new Error('Lazily loaded commands differ');",
      ].join('\n');
      assert.deepEqual(bypassesIn('sample.ts', source), []);
    });

    it('takes a mark on the line before only from a comment alone on its line, and only for the line after it', () => {
      const source = [
        'const a = 1; // not user text: about a',
        "throw new Error('Something failed');",
        '// not user text: why',
        '',
        "throw new Error('Another failure');",
      ].join('\n');
      assert.deepEqual(
        bypassesIn('sample.ts', source).map((bypass) => [bypass.line, bypass.text]),
        [
          [2, 'Something failed'],
          [5, 'Another failure'],
        ],
      );
    });

    it('refuses a translation whose message is not one literal (the bundle could not list it)', () => {
      const source = [
        'const a = l10n.t(message);',
        "const b = vscode.l10n.t('One ' + 'two');",
        "const c = l10n.t({ message: text, comment: ['why'] });",
        "const d = l10n.t('Fine {0}', x);",
        "const e = l10n.t({ message: 'Retry', comment: ['the SOA interval, a noun'] });",
      ].join('\n');
      assert.deepEqual(
        unlistableTranslationsIn('sample.ts', source).map((found) => found.line),
        [1, 2, 3],
      );
    });
  });

  it('translates with the bundle of the display language, which src/localization.ts hands to @vscode/l10n', () => {
    l10n.config({ contents: { '{0} failed: {1}': 'Échec de {0} : {1}', 'Show Log': 'Afficher le journal' } });
    try {
      const failure = describeFailure(new Error('disque plein'), 'Définir la clé');
      assert.equal(failure.message, 'Échec de Définir la clé : disque plein');
      assert.deepEqual(failure.actions.map(recoveryLabel), ['Afficher le journal']);
    } finally {
      l10n.config({ contents: {} });
    }
  });

  it('sends every text for people in src/ through l10n.t', () => {
    const found = sourceFiles(SRC).flatMap((file) => bypassesIn(path.relative(ROOT, file), read(file)));
    assert.equal(
      found.length,
      0,
      `${found.length} strings bypass l10n.t (translate them, or mark a string that is not for people with "// not user text: why"):\n${listed(found)}`,
    );
  });

  it('gives every l10n.t one literal message', () => {
    const found = sourceFiles(SRC).flatMap((file) => unlistableTranslationsIn(path.relative(ROOT, file), read(file)));
    assert.equal(found.length, 0, listed(found));
  });

  it('ships l10n/bundle.l10n.json with exactly the messages of src/ (npm run l10n writes it)', async () => {
    const files = sourceFiles(SRC).map((file) => ({ extension: '.ts', contents: read(file) }));
    const extracted = await getL10nJson(files);
    const bundle = JSON.parse(read(path.join(ROOT, 'l10n', 'bundle.l10n.json'))) as Record<string, unknown>;
    assert.deepEqual(Object.keys(bundle).sort(), Object.keys(extracted).sort());
    assert.deepEqual(bundle, extracted);
  });

  describe('package.json', () => {
    const manifest = JSON.parse(read(path.join(ROOT, 'package.json'))) as Record<string, unknown>;
    const nls = JSON.parse(read(path.join(ROOT, 'package.nls.json'))) as Record<string, string>;
    const placeholders = [...JSON.stringify(manifest).matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]);

    it('names every key it uses in package.nls.json, and package.nls.json holds no unused key', () => {
      assert.deepEqual(
        placeholders.filter((key) => !(key in nls)),
        [],
      );
      assert.deepEqual(
        Object.keys(nls).filter((key) => !placeholders.includes(key)),
        [],
      );
    });

    it('takes every title, description and label of its contributions from package.nls.json (the brand aside)', () => {
      const translatable = (text: unknown) => typeof text === 'string' && text !== BRAND && !/^%[^%]+%$/.test(text);
      const literal: string[] = [];
      const visit = (value: unknown, where: string): void => {
        if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${where}[${index}]`));
        else if (value && typeof value === 'object') {
          for (const [key, item] of Object.entries(value)) {
            // A language model tool's name is its identifier, and its input schema is what models read (like
            // its modelDescription): the same words the MCP server serves, not shown to people.
            if (/languageModelTools\[\d+\]$/.test(where) && (key === 'name' || key === 'inputSchema')) continue;
            // A chat participant's name is what people type after @, the same in every language.
            if (/chatParticipants\[\d+\]$/.test(where) && key === 'name') continue;
            const shown = [
              'title',
              'description',
              'markdownDescription',
              'label',
              'altText',
              'contextualTitle',
              'name',
              'enumDescriptions',
              'markdownEnumDescriptions',
              'contents',
            ].includes(key);
            if (shown && translatable(item)) literal.push(`${where}.${key}: ${String(item)}`);
            else if (shown && Array.isArray(item)) {
              item.forEach((text, index) => translatable(text) && literal.push(`${where}.${key}[${index}]: ${String(text)}`));
            } else visit(item, `${where}.${key}`);
          }
        }
      };
      visit(manifest.contributes, 'contributes');
      assert.deepEqual(literal, []);
    });
  });
});
