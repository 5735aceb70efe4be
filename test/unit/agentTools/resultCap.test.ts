import * as assert from 'node:assert/strict';
import { capToolFailure, capToolResult, TOOL_RESULT_MAX_BYTES } from '../../../src/agentTools/resultCap';

function size(result: { text: string; json: unknown }): number {
  return Buffer.byteLength(result.text) + Buffer.byteLength(JSON.stringify(result.json) ?? '');
}

describe('capToolResult', () => {
  const entries = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      name: `host-${index}.example.com.`,
      type: 'A',
      resource_records: [{ content: [`192.0.2.${index % 250}`] }],
    }));

  it('hands a result that fits on as it is', () => {
    const result = { text: '3 record sets in example.com:', json: { total_amount: 3, rrsets: entries(3) } };
    assert.equal(capToolResult(result, 'Give name or type.'), result);
  });

  it('keeps the first entries of the largest list that fit, and says how many of how many, and how to ask for less', () => {
    const capped = capToolResult(
      { text: '5000 record sets in example.com:', json: { total_amount: 5_000, rrsets: entries(5_000) } },
      'Give name or type.',
    );
    const json = capped.json as { total_amount: number; rrsets: { name: string }[] };
    assert.ok(size(capped) <= TOOL_RESULT_MAX_BYTES, `${size(capped)} bytes`);
    assert.equal(json.total_amount, 5_000);
    assert.deepEqual(json.rrsets, entries(json.rrsets.length));
    assert.ok(json.rrsets.length > 100, `${json.rrsets.length} entries kept`);
    assert.equal(
      capped.text,
      [
        '5000 record sets in example.com:',
        'This answer is cut to stay under 32 KB.',
        `The JSON holds the first ${json.rrsets.length} of the 5000 entries of rrsets; ${5_000 - json.rrsets.length} are left out.`,
        'Give name or type.',
      ].join('\n'),
    );
  });

  it('names a nested list by its path, a list that is the JSON itself as its entries, and cuts each list it must', () => {
    const nested = capToolResult(
      { text: '', json: { projects: { count: 3_000, results: entries(3_000) }, regions: { count: 3_000, results: entries(3_000) } } },
      undefined,
    );
    assert.ok(size(nested) <= TOOL_RESULT_MAX_BYTES);
    assert.match(nested.text, /^The JSON holds the first \d+ of the 3000 entries of projects\.results; \d+ are left out\.$/m);
    assert.match(nested.text, /^The JSON holds the first \d+ of the 3000 entries of regions\.results; \d+ are left out\.$/m);
    const root = capToolResult({ text: 'Answers:', json: entries(3_000) }, undefined);
    assert.match(root.text, /^The JSON holds the first \d+ of its 3000 entries; \d+ are left out\.$/m);
    assert.ok(size(root) <= TOOL_RESULT_MAX_BYTES);
  });

  it('cuts a text too long for half the answer line by line, and a JSON text too long to fit short', () => {
    const line = `- ${'x'.repeat(1_000)}`;
    const capped = capToolResult(
      {
        text: ['Task task-1 is ERROR:', ...Array.from({ length: 40 }, () => line)].join('\n'),
        json: { id: 'task-1', error: 'y'.repeat(100_000) },
      },
      undefined,
    );
    assert.ok(size(capped) <= TOOL_RESULT_MAX_BYTES, `${size(capped)} bytes`);
    const [heading, ...rest] = capped.text.split('\n');
    const kept = rest.filter((text) => text === line).length;
    assert.equal(heading, 'Task task-1 is ERROR:');
    assert.ok(
      kept > 0 && Buffer.byteLength([heading, ...rest.slice(0, kept)].join('\n')) <= TOOL_RESULT_MAX_BYTES / 2,
      `${kept} lines kept`,
    );
    assert.deepEqual(rest.slice(kept), [
      `… ${40 - kept} more lines of this text are left out.`,
      'This answer is cut to stay under 32 KB.',
      'A long text of the JSON is cut short (it ends with …).',
    ]);
    const json = capped.json as { id: string; error: string };
    assert.equal(json.id, 'task-1');
    assert.match(json.error, /^y+…$/);
  });

  it("cuts a failure's text to the same size", () => {
    assert.equal(capToolFailure('refused'), 'refused');
    const cut = capToolFailure('é'.repeat(TOOL_RESULT_MAX_BYTES));
    assert.ok(Buffer.byteLength(cut) <= TOOL_RESULT_MAX_BYTES);
    assert.match(cut, /^é+…$/);
  });
});
