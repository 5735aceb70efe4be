import * as assert from 'node:assert/strict';
import { start, type Emulator } from '../../emulator/server';
import { API_KEY, UUID_PATTERN, rawRequest, type RawRequestOptions, type RawResponse } from './raw-http';

type Json = Record<string, unknown>;

const SECRETS = '/cloud/v1/caas/secrets/7/76';
const PASSWORD = 'pw-Kq7!never-shown';
const SEEDED = { name: 'registry-example', registry: 'registry.example.com', login: 'deploy', updated_at: '2026-03-02T10:15:00Z' };

function invalidFields(response: RawResponse): Record<string, string[]> {
  assert.equal(response.status, 400, response.text);
  const body = response.json as Json;
  assert.equal(body.exception_class, 'ValidationError');
  return body.invalid_fields as Record<string, string[]>;
}

describe('emulator pull secrets', () => {
  let emulator: Emulator;
  /** Every answer of the test, to prove no password ever appears in one. */
  let answers: RawResponse[];

  async function send(method: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
    const response = await rawRequest(emulator, method, path, options);
    answers.push(response);
    return response;
  }

  async function json(method: string, path: string, status: number, body?: unknown): Promise<Json> {
    const response = await send(method, path, { body });
    assert.equal(response.status, status, response.text);
    return response.json as Json;
  }

  async function list(path = SECRETS): Promise<{ count: number; results: Json[] }> {
    return (await json('GET', path, 200)) as { count: number; results: Json[] };
  }

  const secret = (overrides: Json = {}): Json => ({
    name: 'ghcr-bot',
    registry: 'ghcr.io',
    login: 'bot',
    password: PASSWORD,
    ...overrides,
  });

  before(async () => {
    emulator = await start({ apiKey: API_KEY });
  });
  beforeEach(() => {
    emulator.reset();
    answers = [];
  });
  afterEach(function () {
    // The seeded password is never shown either.
    const seededPassword = emulator.pullSecretPassword(1, 1, SEEDED.name)!;
    for (const answer of answers) {
      assert.equal(answer.text.includes(PASSWORD), false, `${this.currentTest?.title}: ${answer.text}`);
      assert.equal(answer.text.includes(seededPassword), false, answer.text);
    }
  });
  after(() => emulator.close());

  it('has the seeded secret in every location, without its password', async () => {
    for (const path of [SECRETS, '/cloud/v1/caas/secrets/1/8']) assert.deepEqual(await list(path), { count: 1, results: [SEEDED] });
    assert.equal(typeof emulator.pullSecretPassword(7, 76, SEEDED.name), 'string');
  });

  it('creates a secret at its location, answering it without the password, which is stored', async () => {
    const created = await json('POST', SECRETS, 200, secret());
    assert.deepEqual(Object.keys(created).sort(), ['login', 'name', 'registry', 'updated_at']);
    assert.equal(created.name, 'ghcr-bot');
    assert.equal(created.registry, 'ghcr.io');
    assert.equal(created.login, 'bot');
    assert.ok(Math.abs(Date.parse(String(created.updated_at)) - Date.now()) < 5_000);
    assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), PASSWORD);
    assert.deepEqual(
      (await list()).results.map((entry) => entry.name),
      [SEEDED.name, 'ghcr-bot'],
    );
    assert.equal((await list('/cloud/v1/caas/secrets/7/77')).count, 1, 'secrets are per location');
    assert.equal(emulator.pullSecretPassword(7, 77, 'ghcr-bot'), undefined);
  });

  it('answers 409 ConflictError for a name the location has, keeping the stored secret', async () => {
    await json('POST', SECRETS, 200, secret());
    for (const name of ['ghcr-bot', SEEDED.name]) {
      const conflict = await json('POST', SECRETS, 409, secret({ name, login: 'other', password: `${PASSWORD}-2` }));
      assert.equal(conflict.exception_class, 'ConflictError');
      assert.equal(conflict.message, `Pull secret ${name} already exists`);
      assert.match(String(conflict.request_id), UUID_PATTERN);
    }
    assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), PASSWORD);
    assert.equal((await list()).results[1].login, 'bot');
  });

  it('pages with limit (1..1000, default 1000) and offset', async () => {
    for (const name of ['a1', 'b2', 'c3']) await json('POST', SECRETS, 200, secret({ name }));
    const page = await list(`${SECRETS}?limit=2&offset=1`);
    assert.equal(page.count, 4);
    assert.deepEqual(
      page.results.map((entry) => entry.name),
      ['a1', 'b2'],
    );
    assert.equal((await list()).results.length, 4);
    assert.equal((await list(`${SECRETS}?limit=1000&offset=4`)).results.length, 0);
    for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=ten']) {
      const field = query.split('=')[0];
      assert.ok(invalidFields(await send('GET', `${SECRETS}?${query}`))[field], query);
    }
  });

  const invalidSecrets: [string, Json, string, string][] = [
    ['no name', secret({ name: undefined }), 'name', 'Missing data for required field.'],
    ['no registry', secret({ registry: undefined }), 'registry', 'Missing data for required field.'],
    ['no login', secret({ login: undefined }), 'login', 'Missing data for required field.'],
    ['no password', secret({ password: undefined }), 'password', 'Missing data for required field.'],
    ['a null password', secret({ password: null }), 'password', 'Field may not be null.'],
    ['an empty password', secret({ password: '' }), 'password', 'Length must be between 1 and 5000.'],
    [
      'a 5001-character password',
      secret({ password: `${PASSWORD}${'x'.repeat(5001 - PASSWORD.length)}` }),
      'password',
      'Length must be between 1 and 5000.',
    ],
    ['a numeric password', secret({ password: 12345 }), 'password', 'Not a valid string.'],
    ['an upper-case name', secret({ name: 'Ghcr' }), 'name', 'String does not match expected pattern.'],
    ['a name starting with a digit', secret({ name: '1ghcr' }), 'name', 'String does not match expected pattern.'],
    ['a one-character name', secret({ name: 'g' }), 'name', 'String does not match expected pattern.'],
    ['a name ending with a dash', secret({ name: 'ghcr-' }), 'name', 'String does not match expected pattern.'],
    ['a 27-character name', secret({ name: `g${'h'.repeat(26)}` }), 'name', 'String does not match expected pattern.'],
    ['an empty registry', secret({ registry: '' }), 'registry', 'Length must be between 1 and 400.'],
    ['a 401-character registry', secret({ registry: 'r'.repeat(401) }), 'registry', 'Length must be between 1 and 400.'],
    ['an empty login', secret({ login: '' }), 'login', 'Length must be between 1 and 100.'],
    ['a 101-character login', secret({ login: 'l'.repeat(101) }), 'login', 'Length must be between 1 and 100.'],
    ['an unknown field', secret({ email: 'bot@example.com' }), 'email', 'Unknown field.'],
  ];
  for (const [label, body, field, message] of invalidSecrets) {
    it(`refuses to create with ${label}, naming ${field}`, async () => {
      const fields = invalidFields(
        await send('POST', SECRETS, { body: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) }),
      );
      assert.deepEqual(fields[field], [message], JSON.stringify(fields));
      assert.equal((await list()).count, 1);
    });
  }

  it('accepts the bounds: a 26-character name, 400, 100 and 5000 characters', async () => {
    await json('POST', SECRETS, 200, {
      name: `a${'-'.repeat(24)}0`,
      registry: 'r'.repeat(400),
      login: 'l'.repeat(100),
      password: `${PASSWORD}${'x'.repeat(5000 - PASSWORD.length)}`,
    });
    await json('POST', SECRETS, 200, { name: 'ab', registry: 'r', login: 'l', password: 'p' });
  });

  it('answers malformed JSON without quoting the body, and refuses another media type or a body that is not an object', async () => {
    const malformed = await json('POST', SECRETS, 400, `{"name": "x", "password": "${PASSWORD}", broken`);
    assert.equal(malformed.exception_class, 'ValidationError');
    assert.equal(malformed.message, 'Malformed JSON in request body.');
    const patchMalformed = await json('PATCH', `${SECRETS}/${SEEDED.name}`, 400, `{"password": "${PASSWORD}`);
    assert.equal(patchMalformed.message, 'Malformed JSON in request body.');
    const other = await send('POST', SECRETS, { body: JSON.stringify(secret()), headers: { 'Content-Type': 'text/plain' } });
    assert.equal(other.status, 415);
    assert.deepEqual(Object.keys(invalidFields(await send('POST', SECRETS, { body: [secret()] }))), ['_schema']);
    assert.deepEqual(Object.keys(invalidFields(await send('POST', '/cloud/v1/caas/secrets/0/76', { body: secret() }))), ['project_id']);
  });

  describe('PATCH', () => {
    it('changes the login, registry or password, answering the secret without the password', async () => {
      const created = await json('POST', SECRETS, 200, secret());
      // updated_at is to the second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const changed = await json('PATCH', `${SECRETS}/ghcr-bot`, 200, { login: 'robot' });
      assert.deepEqual(Object.keys(changed).sort(), ['login', 'name', 'registry', 'updated_at']);
      assert.equal(changed.login, 'robot');
      assert.equal(changed.registry, 'ghcr.io');
      assert.ok(Date.parse(String(changed.updated_at)) > Date.parse(String(created.updated_at)));
      assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), PASSWORD);

      const rotated = await json('PATCH', `${SECRETS}/ghcr-bot`, 200, { password: `${PASSWORD}-rotated`, registry: 'ghcr.example.net' });
      assert.equal(rotated.registry, 'ghcr.example.net');
      assert.equal(rotated.login, 'robot');
      assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), `${PASSWORD}-rotated`);
      assert.deepEqual((await list()).results[1], rotated);
    });

    it('changes the seeded secret of one location only', async () => {
      await json('PATCH', `${SECRETS}/${SEEDED.name}`, 200, { password: PASSWORD });
      assert.equal(emulator.pullSecretPassword(7, 76, SEEDED.name), PASSWORD);
      assert.notEqual(emulator.pullSecretPassword(7, 77, SEEDED.name), PASSWORD);
    });

    const invalidChanges: [string, unknown, string, string][] = [
      ['an empty body', {}, '_schema', 'At least one of registry, login, password is required.'],
      ['an unknown field', { name: 'renamed' }, 'name', 'Unknown field.'],
      ['an empty password', { password: '' }, 'password', 'Length must be between 1 and 5000.'],
      ['a long password', { password: `${PASSWORD}${'x'.repeat(5001)}` }, 'password', 'Length must be between 1 and 5000.'],
      ['a null login', { login: null }, 'login', 'Field may not be null.'],
      ['a long registry', { registry: 'r'.repeat(401) }, 'registry', 'Length must be between 1 and 400.'],
    ];
    for (const [label, body, field, message] of invalidChanges) {
      it(`refuses ${label}, naming ${field}`, async () => {
        const fields = invalidFields(await send('PATCH', `${SECRETS}/${SEEDED.name}`, { body }));
        assert.deepEqual(fields[field], [message], JSON.stringify(fields));
        assert.deepEqual((await list()).results, [SEEDED]);
      });
    }

    it('answers 404 NotFoundError for a secret the location does not have', async () => {
      const missing = await json('PATCH', `${SECRETS}/nope`, 404, { password: PASSWORD });
      assert.equal(missing.exception_class, 'NotFoundError');
      assert.equal(missing.message, 'Pull secret nope not found');
    });
  });

  describe('DELETE', () => {
    it('answers 204 with no body, then the secret is gone; a second delete answers 404', async () => {
      await json('POST', SECRETS, 200, secret());
      const deleted = await send('DELETE', `${SECRETS}/ghcr-bot`);
      assert.equal(deleted.status, 204);
      assert.equal(deleted.text, '');
      assert.equal(deleted.headers['content-length'], undefined);
      assert.match(String(deleted.headers['x-request-id']), UUID_PATTERN);
      assert.deepEqual((await list()).results, [SEEDED]);
      assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), undefined);
      const again = await json('DELETE', `${SECRETS}/ghcr-bot`, 404);
      assert.equal(again.exception_class, 'NotFoundError');
      assert.equal(again.message, 'Pull secret ghcr-bot not found');
    });

    it('deletes the seeded secret of one location; a reset brings it back and forgets created ones', async () => {
      await json('POST', SECRETS, 200, secret());
      assert.equal((await send('DELETE', `${SECRETS}/${SEEDED.name}`)).status, 204);
      assert.deepEqual(
        (await list()).results.map((entry) => entry.name),
        ['ghcr-bot'],
      );
      assert.equal((await list('/cloud/v1/caas/secrets/7/77')).count, 1);
      emulator.reset();
      assert.deepEqual((await list()).results, [SEEDED]);
    });

    it('makes a container naming it fail to deploy', async () => {
      const fast = await start({ apiKey: API_KEY, createTimings: { newMs: 10, runningMs: 10 } });
      try {
        assert.equal((await rawRequest(fast, 'DELETE', `${SECRETS}/${SEEDED.name}`)).status, 204);
        const body = {
          name: 'private',
          image: 'registry.example.com/app:1',
          listening_port: 80,
          flavor: '80mCPU-128MiB',
          scale: { min: 1, max: 1 },
          pull_secret: SEEDED.name,
        };
        const created = await rawRequest(fast, 'POST', '/cloud/v1/caas/7/76/containers', { body });
        assert.equal(created.status, 200, created.text);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const container = (await rawRequest(fast, 'GET', '/cloud/v1/caas/7/76/containers/private')).json as Json;
        assert.equal(container.status, 'Error');
        assert.equal(
          container.status_message,
          'Failed to pull image "registry.example.com/app:1": pull secret "registry-example" not found',
        );
      } finally {
        await fast.close();
      }
    });
  });

  it('is not served by a core-only emulator', async () => {
    const core = await start({ apiKey: API_KEY, coreOnly: true });
    try {
      for (const [method, path] of [
        ['GET', SECRETS],
        ['POST', SECRETS],
        ['PATCH', `${SECRETS}/${SEEDED.name}`],
        ['DELETE', `${SECRETS}/${SEEDED.name}`],
      ]) {
        const response = await rawRequest(core, method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : secret() });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal((response.json as Json).exception_class, 'NotFoundError');
      }
      assert.equal(core.pullSecretPassword(7, 76, 'ghcr-bot'), undefined);
    } finally {
      await core.close();
    }
  });

  it('asks for the key, as every Cloud endpoint', async () => {
    const response = await send('POST', SECRETS, { body: secret(), authorization: null });
    assert.equal(response.status, 401);
    assert.equal(emulator.pullSecretPassword(7, 76, 'ghcr-bot'), undefined);
  });
});
