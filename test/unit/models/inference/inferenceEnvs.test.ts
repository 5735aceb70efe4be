import * as assert from 'node:assert/strict';
import { HIDDEN_VALUE, looksSecret, shownEnvValue } from '../../../../src/models/inference/inferenceEnvs';

describe("an inference deployment's environment as shown", () => {
  it('hides a value whose name says a secret, in any casing or joining of its words', () => {
    for (const name of ['HF_TOKEN', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'dbPassword', 'APIKEY', 'x-auth', 'SESSION']) {
      assert.equal(shownEnvValue(name, 'plain'), HIDDEN_VALUE, name);
    }
  });

  it('hides a value in the shape of a known token, or long and opaque, whatever its name', () => {
    const values = [
      'hf_AbCdEfGhIjKlMnOp',
      'sk-proj-abcdefghijklmnop',
      'ghp_0123456789abcdefABCDEF',
      'glpat-abcdefghij',
      'AKIAABCDEFGHIJKLMNOP',
      'xoxb-123-456',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
      'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdo',
    ];
    for (const value of values) assert.ok(looksSecret('SETTING', value), value);
  });

  it('shows settings as they are: model ids, paths, numbers, names that only contain a word of a secret', () => {
    const settings: [string, string][] = [
      ['MODEL', 'meta-llama/Llama-3.1-8B-Instruct'],
      ['HF_HOME', '/models'],
      ['MAX_MODEL_LEN', '8192'],
      ['TOKENIZER', 'auto'],
      ['KEYWORDS', 'chat,code'],
      ['VLLM_ATTENTION_BACKEND', 'FLASHINFER'],
    ];
    for (const [name, value] of settings) assert.equal(shownEnvValue(name, value), value, name);
  });
});
