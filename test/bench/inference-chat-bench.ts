import fetch from 'node-fetch';
import { performance } from 'node:perf_hooks';
import { InferenceEndpointClient } from '../../src/api/inference/endpointClient';
import { ToolCallJoiner } from '../../src/models/inference/toolCallFragments';
import { SEEDED_API_KEY_SECRET, SEEDED_DEPLOYMENTS, start } from '../emulator/server';
import { BENCH_API_KEY } from './bench-client';
import type { Figure } from './bench-table';
import { median } from './sample-statistics';

const AREA = 'Inference chat (a deployment answering 100,000 tokens)';
const TOKENS = 100_000;
const ROUNDS = 5;
const MODEL = 'meta-llama/Llama-3.1-8B-Instruct';
const BODY = { model: MODEL, messages: [{ role: 'user' as const, content: `count to ${TOKENS}` }] };

interface Run {
  totalMs: number;
  firstTokenMs: number;
  tokens: number;
  /** The most the heap grew by while the answer streamed. */
  peakHeapKb: number;
}

/** The bare stream: node-fetch, the body split into lines, each `data:` line parsed; nothing else. */
async function bareRun(url: string): Promise<Run> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': SEEDED_API_KEY_SECRET },
    body: JSON.stringify({ ...BODY, stream: true }),
  });
  let rest = '';
  let tokens = 0;
  let firstTokenMs = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const content = (JSON.parse(line.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
      if (!content) continue;
      if (tokens++ === 0) firstTokenMs = performance.now() - started;
    }
  }
  return { totalMs: performance.now() - started, firstTokenMs, tokens, peakHeapKb: 0 };
}

/** The extension's path: the endpoint client's SSE reader and events, tool calls joined, as the chat provider reads them. */
async function clientRun(client: InferenceEndpointClient, address: string): Promise<Run> {
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const started = performance.now();
  const events = await client.openChatStream({ address, secret: SEEDED_API_KEY_SECRET }, BODY);
  const calls = new ToolCallJoiner();
  let tokens = 0;
  let firstTokenMs = 0;
  for await (const batch of events) {
    for (const event of batch) {
      if (event.type === 'toolCall') calls.add(event.fragment);
      if (event.type !== 'text') continue;
      if (tokens++ === 0) firstTokenMs = performance.now() - started;
      if (tokens % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
  }
  calls.finish();
  return { totalMs: performance.now() - started, firstTokenMs, tokens, peakHeapKb: Math.round((peak - baseline) / 1024) };
}

/**
 * The extension's own cost per streamed token over the bare stream (reading the same SSE with node-fetch and
 * parsing it), its time to the first token over the endpoint's own, and the heap over a 100,000-token answer,
 * against the emulator's endpoint with no pause between tokens. Rounds alternate the two readers.
 */
export async function measureInferenceChat(progress: (message: string) => void): Promise<Figure[]> {
  const emulator = await start({ apiKey: BENCH_API_KEY, inferenceTimings: { wakeMs: 0, tokenMs: 0 } });
  try {
    const answer = await fetch(`${emulator.url}/cloud/v3/inference/1/deployments/${SEEDED_DEPLOYMENTS.active}`, {
      headers: { Authorization: `apikey ${BENCH_API_KEY}` },
    });
    const { address } = (await answer.json()) as { address: string };
    const client = new InferenceEndpointClient({ userAgent: 'bench' });
    const url = `${address}/v1/chat/completions`;
    const bare: Run[] = [];
    const ours: Run[] = [];
    // One of each first, unmeasured: the JIT warms up on both paths.
    await bareRun(url);
    await clientRun(client, address);
    for (let round = 0; round < ROUNDS; round++) {
      progress(`inference chat: round ${round + 1} of ${ROUNDS}`);
      bare.push(await bareRun(url));
      ours.push(await clientRun(client, address));
      emulator.requests.length = 0;
    }
    for (const run of [...bare, ...ours]) if (run.tokens !== TOKENS) throw new Error(`a run read ${run.tokens} tokens, not ${TOKENS}`);
    const ratios = ours.map((run, index) => run.totalMs / bare[index].totalMs);
    const firstTokenGaps = ours.map((run, index) => run.firstTokenMs - bare[index].firstTokenMs);
    const heaps = ours.map((run) => run.peakHeapKb);
    return [
      {
        area: AREA,
        name: 'time per token, extension ÷ bare node-fetch + parse',
        value: median(ratios),
        unit: 'ratio',
        rule: 'atMost',
        budget: 1.25,
        samples: ratios,
      },
      {
        area: AREA,
        name: 'time to the first token over the bare stream’s',
        value: median(firstTokenGaps),
        unit: 'ms',
        rule: 'report',
        budget: 0,
        samples: firstTokenGaps,
      },
      {
        area: AREA,
        name: 'heap growth while the answer streams',
        value: median(heaps),
        unit: 'KB',
        rule: 'atMost',
        budget: 32_768,
        samples: heaps,
      },
    ];
  } finally {
    await emulator.close();
  }
}
