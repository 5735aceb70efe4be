import * as assert from 'node:assert/strict';
import { parseCliArguments } from '../../emulator/cli-arguments';

describe('emulator CLI inference options', () => {
  it('takes a second key, of a new account, and how long an inference rollout takes', () => {
    assert.deepEqual(parseCliArguments(['--api-key', 'k', '--new-account-api-key=fresh', '--inference-deploy-ms', '5000'], {}), {
      kind: 'serve',
      options: { apiKey: 'k', demo: false, newAccountApiKey: 'fresh', inferenceTimings: { deployMs: 5000 } },
    });
  });

  it('refuses a second key equal to the first, or empty, and a rollout time that is not a whole number', () => {
    for (const argv of [
      ['--api-key', 'k', '--new-account-api-key', 'k'],
      ['--api-key', 'k', '--new-account-api-key='],
      ['--api-key', 'k', '--inference-deploy-ms', 'soon'],
    ]) {
      assert.equal(parseCliArguments(argv, {}).kind, 'usage-error', argv.join(' '));
    }
  });
});
