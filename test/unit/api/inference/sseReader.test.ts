import * as assert from 'node:assert/strict';
import { MAX_SSE_LINE_CHARS, readSseData } from '../../../../src/api/inference/sseReader';

async function read(chunks: readonly (string | Uint8Array)[]): Promise<string[]> {
  const events: string[] = [];
  async function* source() {
    yield* chunks;
  }
  for await (const batch of readSseData(source())) events.push(...batch);
  return events;
}

const STREAM = ': keep-alive\n\ndata: {"a":"é"}\r\n\r\nevent: x\ndata: one\ndata: two\n\ndata:[DONE]\n\n';

describe('readSseData', () => {
  it('yields each event’s data, its data lines joined, comments and other fields skipped', async () => {
    assert.deepEqual(await read([STREAM]), ['{"a":"é"}', 'one\ntwo', '[DONE]']);
  });

  it('reads the same events however the bytes are cut, inside a line, a character or a CRLF', async () => {
    const bytes = Buffer.from(STREAM, 'utf8');
    for (let cut = 1; cut < bytes.length; cut++) {
      assert.deepEqual(await read([bytes.subarray(0, cut), bytes.subarray(cut)]), ['{"a":"é"}', 'one\ntwo', '[DONE]'], `cut at ${cut}`);
    }
    assert.deepEqual(await read([...bytes].map((byte) => Uint8Array.of(byte))), ['{"a":"é"}', 'one\ntwo', '[DONE]']);
  });

  it('takes a lone carriage return as a line end, and many events of one chunk as one list', async () => {
    assert.deepEqual(await read(['data: a\r\rdata: b\r\r', '\ndata: c\n\n']), ['a', 'b', 'c']);
    const batches: string[][] = [];
    async function* one() {
      yield 'data: 1\n\ndata: 2\n\ndata: 3\n\n';
    }
    for await (const batch of readSseData(one())) batches.push(batch);
    assert.deepEqual(batches, [['1', '2', '3']]);
  });

  it('yields the last event of a stream that ends without a blank line', async () => {
    assert.deepEqual(await read(['data: a\n\ndata: b']), ['a', 'b']);
  });

  it('refuses a line longer than its bound rather than holding it', async () => {
    const long = 'x'.repeat(64 * 1024);
    const chunks = ['data: ', ...Array.from({ length: Math.ceil(MAX_SSE_LINE_CHARS / long.length) + 1 }, () => long)];
    await assert.rejects(read(chunks), /longer than/);
  });
});
