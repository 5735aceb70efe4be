import * as assert from 'node:assert/strict';
import type { InferenceQuota } from '../../../../src/api/inference/inferenceTypes';
import { amountProblem, askInferenceQuotaRequest, quotaRequestWords } from '../../../../src/prompts/inference/inferenceQuotaAsk';
import { BACK } from '../../../../src/ui/promptUi';
import { RecordingUi } from '../../ui/recordingUi';

const QUOTA: InferenceQuota = {
  limits: { inference_gpu_h100_count_limit: 2, inference_gpu_l40s_count_limit: 0, inference_instance_count_limit: 20 },
  usage: { inference_gpu_h100_count_usage: 1, inference_instance_count_usage: 3 },
};

function inference(quota: InferenceQuota) {
  return { quota: async () => quota };
}

const H100 = { key: 'gpu_h100', label: 'H100', limit: 2, usage: 1 };
const L40S = { key: 'gpu_l40s', label: 'L40S', limit: 0, usage: 0 };

describe('Request Inference Quota, asked', () => {
  it('asks which limits from the account’s, how many of each above the limit now, then the words, with Back on each step', async () => {
    const ui = new RecordingUi([['H100', 'L40S'], '4', BACK, '5', '1', 'For our two models']);
    const args = await askInferenceQuotaRequest(ui, inference(QUOTA), {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args, {
      limits: { inference_gpu_h100_count_limit: 5, inference_gpu_l40s_count_limit: 1 },
      description: 'For our two models',
    });
    const [limits, h100, l40s, h100Again, l40sAgain, words] = ui.prompts();
    assert.deepEqual(limits.items, [
      { label: 'H100', description: '1 of 2 in use' },
      { label: 'L40S', description: '0 of 0 in use' },
      { label: 'Deployments', description: '3 of 20 in use' },
    ]);
    assert.equal(limits.canGoBack, false);
    assert.deepEqual([h100.value, h100.step, h100.totalSteps, h100.canGoBack], ['3', 2, 4, true]);
    assert.match(h100.prompt ?? '', /^H100: how many the account may have in all \(now 2, 1 in use\)\.$/);
    assert.equal(l40s.value, '1');
    assert.equal(h100Again.value, '4', 'Back shows what was typed');
    assert.equal(l40sAgain.value, '1');
    assert.equal(words.value, 'More Everywhere Inference quota for our deployments: H100: 5 (now 2), L40S: 1 (now 0).');
  });

  it('asks again when nothing is picked', async () => {
    const ui = new RecordingUi([[], ['L40S'], '2', 'Mine']);
    const args = await askInferenceQuotaRequest(ui, inference(QUOTA), {});
    ui.assertAllAnswersUsed();
    assert.deepEqual(args, { limits: { inference_gpu_l40s_count_limit: 2 }, description: 'Mine' });
    assert.deepEqual(
      ui.prompts().map((prompt) => prompt.kind),
      ['pickMany', 'pickMany', 'input', 'input'],
    );
  });

  it('keeps the words of an Edit for the same numbers, and writes them anew for others', async () => {
    const draft = () => ({
      picked: ['inference_gpu_l40s_count_limit'],
      amounts: { inference_gpu_l40s_count_limit: 2 },
      description: 'Mine',
    });
    const same = new RecordingUi([['L40S'], '2', 'Mine']);
    await askInferenceQuotaRequest(same, inference(QUOTA), draft());
    assert.equal(same.prompts()[2].value, 'Mine');
    const changed = new RecordingUi([['L40S'], '3', 'Mine again']);
    const args = await askInferenceQuotaRequest(changed, inference(QUOTA), draft());
    assert.deepEqual(args, { limits: { inference_gpu_l40s_count_limit: 3 }, description: 'Mine again' });
    const [limits, amount, words] = changed.prompts();
    assert.deepEqual(limits.items?.[1], { label: 'L40S', description: '0 of 0 in use', picked: true });
    assert.equal(amount.value, '2');
    assert.equal(words.value, 'More Everywhere Inference quota for our deployments: L40S: 3 (now 0).');
  });

  it('refuses an account whose quota names no inference limit, before asking anything', async () => {
    const ui = new RecordingUi([]);
    await assert.rejects(askInferenceQuotaRequest(ui, inference({ limits: {}, usage: {} }), {}), /no inference limits/);
    assert.deepEqual(ui.prompts(), []);
  });

  it('takes a whole number above the limit now, naming the limit otherwise', () => {
    assert.equal(amountProblem(H100, '3'), undefined);
    assert.equal(amountProblem(H100, ' 10 '), undefined);
    assert.equal(amountProblem(H100, '2'), 'H100: more than the 2 the account has now');
    assert.equal(amountProblem(L40S, '1.5'), 'L40S: a whole number, 0 or more');
    assert.equal(amountProblem(L40S, ''), 'L40S: a whole number, 0 or more');
    assert.equal(amountProblem(L40S, '-1'), 'L40S: a whole number, 0 or more');
  });

  it('says each limit asked for with its number now, leaving out those not asked', () => {
    assert.equal(
      quotaRequestWords([H100, L40S], { inference_gpu_l40s_count_limit: 2 }),
      'More Everywhere Inference quota for our deployments: L40S: 2 (now 0).',
    );
  });
});
