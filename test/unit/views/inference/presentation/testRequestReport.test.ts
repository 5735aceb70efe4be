import * as assert from 'node:assert/strict';
import { testRequestReport, type TestRequestInput } from '../../../../../src/views/inference/presentation/testRequestReport';

const INPUT: TestRequestInput = {
  deployment: 'llama-chat',
  address: 'https://llama-chat-1a2b.ai.gcore.dev',
  model: 'meta-llama/Llama-3.1-8B-Instruct',
  prompt: 'Say hello in one sentence.',
  wasAtZero: false,
  figures: { answer: 'Hello! **Nice** to meet you.', firstTokenMs: 840, totalMs: 2_310 },
  sentAt: new Date('2026-11-29T12:00:00.000Z'),
};

describe('inference test request report', () => {
  it('shows the model, the time to the first token and the total time before the answer as written', () => {
    const report = testRequestReport(INPUT);
    assert.match(report, /^# Test request to llama-chat\n/);
    assert.match(report, /^- Model: `meta-llama\/Llama-3\.1-8B-Instruct`$/m);
    assert.match(report, /^- Address: `https:\/\/llama-chat-1a2b\.ai\.gcore\.dev`$/m);
    assert.match(report, /^- Time to first token: 0\.84 s$/m);
    assert.match(report, /^- Total time: 2\.31 s$/m);
    assert.ok(
      report.endsWith('## Prompt\n\n```text\nSay hello in one sentence.\n```\n\n## Answer\n\nHello! **Nice** to meet you.\n'),
      report,
    );
    assert.ok(!report.includes('scaled to zero'));
  });

  it('says why the first token was late for a deployment at zero, and when no text came', () => {
    const report = testRequestReport({ ...INPUT, wasAtZero: true, figures: { answer: '', totalMs: 61_000 } });
    assert.match(report, /scaled to zero: the first token waited for a pod to start/);
    assert.match(report, /^- Time to first token: none, no text was answered$/m);
    assert.match(report, /^- Total time: 1 min 1 s$/m);
    assert.match(report, /## Answer\n\n\(no text\)\n$/);
  });

  it('keeps backticks and line breaks of what came from elsewhere inside their spans and fences', () => {
    const report = testRequestReport({ ...INPUT, model: '`odd`\nmodel', prompt: 'Explain ```js\ncode``` please' });
    assert.match(report, /^- Model: `` `odd`\\nmodel `` *$/m);
    assert.ok(report.includes('````text\nExplain ```js\ncode``` please\n````'), report);
  });
});
