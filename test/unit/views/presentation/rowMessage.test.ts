import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { rowMessage } from '../../../../src/views/presentation/rowMessage';

describe('rowMessage', () => {
  afterEach(() => l10n.config({ contents: {} }));

  it('fills in its arguments as l10n.t does', () => {
    const gpus = rowMessage((count: string, model: string) => l10n.t('{0}× {1}', count, model));
    assert.equal(gpus('8', 'H100 80 GB'), l10n.t('{0}× {1}', '8', 'H100 80 GB'));
    assert.equal(gpus('1', 'L40S'), '1× L40S');
    assert.equal(gpus('{1}', '{0}'), '{1}× {0}', 'an argument is text, never a placeholder');
  });

  it('takes the translation of the display language, its arguments in the translation’s order', () => {
    l10n.config({ contents: { '{0}× {1}': '{1} ×{0}', '{0} vCPU': '{0} processeurs virtuels' } });
    const gpus = rowMessage((count: string, model: string) => l10n.t('{0}× {1}', count, model));
    const vcpus = rowMessage((count: string) => l10n.t('{0} vCPU', count));
    assert.equal(gpus('8', 'H100'), 'H100 ×8');
    assert.equal(vcpus('16'), '16 processeurs virtuels');
    assert.equal(vcpus('32'), '32 processeurs virtuels');
  });

  it('asks for the translation once, on first use', () => {
    let asked = 0;
    const perHour = rowMessage((amount: string) => {
      asked += 1;
      return l10n.t('{0}/h', amount);
    });
    assert.equal(asked, 0, 'not at load, before the bundle is configured');
    assert.deepEqual(
      ['€1.23', '$0.0042', 'CHF 9'].map((amount) => perHour(amount)),
      ['€1.23/h', '$0.0042/h', 'CHF 9/h'],
    );
    assert.equal(asked, 1);
  });

  it('keeps a message without arguments, and text around and between them', () => {
    assert.equal(rowMessage(() => l10n.t('Out of stock'))(), 'Out of stock');
    const range = rowMessage((from: string, to: string) => l10n.t('from {0} to {1} (UTC)', from, to));
    assert.equal(range('10:00', '11:00'), 'from 10:00 to 11:00 (UTC)');
  });
});
