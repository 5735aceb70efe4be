import * as assert from 'node:assert/strict';
import {
  validateInferenceApiKeyArgs,
  validateInferenceApiKeyCreateArgs,
  validateInferenceApplicationArgs,
  validateInferenceApplicationCreateArgs,
  validateInferenceDeploymentArgs,
  validateInferenceDeploymentCreateArgs,
  validateInferenceDeploymentUpdateArgs,
  validateInferenceLogsArgs,
  validateInferenceProjectArgs,
  validateInferenceQuotaRequestArgs,
  validateInferenceRegistryCredentialArgs,
  validateInferenceRegistryCredentialRefArgs,
} from '../../../../src/models/inference/inferenceArgs';
import { InvalidArgumentError, unwrap, type Validated } from '../../../../src/validation/problems';

const DEPLOYMENT = {
  name: 'qwen3coder',
  image: 'vllm/vllm-openai:v0.6.3',
  listening_port: 8000,
  flavor_name: 'inference-16vcpu-232gib-1xh100-80gb',
  containers: [{ region_id: 7, scale: { min: 0, max: 2 } }],
};

function fields(result: Validated<unknown>): string[] {
  return result.ok ? [] : result.problems.map((problem) => problem.field);
}

describe('inference command arguments', () => {
  it('takes a project, and a project with a deployment name', () => {
    assert.deepEqual(validateInferenceProjectArgs({ projectId: 1 }), { ok: true, value: { projectId: 1 } });
    assert.deepEqual(fields(validateInferenceProjectArgs({ projectId: 0 })), ['projectId']);
    assert.deepEqual(validateInferenceDeploymentArgs({ projectId: 1, name: ' qwen3coder ' }), {
      ok: true,
      value: { projectId: 1, name: 'qwen3coder' },
    });
    assert.deepEqual(fields(validateInferenceDeploymentArgs({ projectId: 1, name: 'Qwen' })), ['name']);
    assert.deepEqual(fields(validateInferenceDeploymentArgs(undefined)), ['']);
  });

  it('reads 1000 log lines unless told, 1 to 100000, of one region when named', () => {
    assert.deepEqual(validateInferenceLogsArgs({ projectId: 1, name: 'qwen' }), {
      ok: true,
      value: { projectId: 1, name: 'qwen', limit: 1000 },
    });
    assert.deepEqual(validateInferenceLogsArgs({ projectId: 1, name: 'qwen', regionId: 7, limit: 100_000 }), {
      ok: true,
      value: { projectId: 1, name: 'qwen', regionId: 7, limit: 100_000 },
    });
    assert.deepEqual(fields(validateInferenceLogsArgs({ projectId: 1, name: 'qwen', regionId: 0, limit: 100_001 })), ['regionId', 'limit']);
  });

  it('checks a create payload under "deployment", naming its path', () => {
    assert.deepEqual(validateInferenceDeploymentCreateArgs({ projectId: 1, deployment: DEPLOYMENT }), {
      ok: true,
      value: { projectId: 1, deployment: DEPLOYMENT },
    });
    const wrong = validateInferenceDeploymentCreateArgs({
      projectId: 'one',
      deployment: { ...DEPLOYMENT, containers: [{ region_id: 7, scale: { min: 0, max: 400 } }] },
    });
    assert.deepEqual(fields(wrong), ['projectId', 'deployment.containers.0.scale.max']);
    assert.deepEqual(fields(validateInferenceDeploymentCreateArgs({ projectId: 1 })), ['deployment']);
    assert.deepEqual(fields(validateInferenceDeploymentCreateArgs({ projectId: 1, deployment: DEPLOYMENT, region: 7 })), ['region']);
  });

  it('checks an update under "changes", its name refused', () => {
    assert.equal(validateInferenceDeploymentUpdateArgs({ projectId: 1, name: 'qwen', changes: { timeout: 60 } }).ok, true);
    assert.deepEqual(fields(validateInferenceDeploymentUpdateArgs({ projectId: 1, name: 'qwen', changes: { name: 'other' } })), [
      'changes.name',
    ]);
    assert.deepEqual(fields(validateInferenceDeploymentUpdateArgs({ projectId: 1, name: 'qwen', changes: {} })), ['changes']);
  });

  it('checks an application create and an application name of at most 15 characters', () => {
    const deployment = {
      name: 'whisper',
      application_name: 'whisper-large-v3',
      regions: [7],
      components_configuration: { model: { flavor: 'inference-4vcpu-16gib-1xl40s-48gb', exposed: true, scale: { min: 0, max: 1 } } },
    };
    assert.equal(validateInferenceApplicationCreateArgs({ projectId: 1, deployment }).ok, true);
    assert.deepEqual(
      fields(validateInferenceApplicationCreateArgs({ projectId: 1, deployment: { ...deployment, name: 'a'.repeat(16) } })),
      ['deployment.name'],
    );
    assert.deepEqual(fields(validateInferenceApplicationArgs({ projectId: 1, name: 'a'.repeat(16) })), ['name']);
  });

  it('takes an API key with a description of up to 300 characters and an expiry in the future', () => {
    const now = Date.parse('2026-11-29T00:00:00Z');
    const key = { projectId: 1, name: 'team', description: 'for the team', expiresAt: '2027-01-31T00:00:00Z' };
    assert.deepEqual(validateInferenceApiKeyCreateArgs(key, now), { ok: true, value: key });
    assert.deepEqual(fields(validateInferenceApiKeyCreateArgs({ ...key, name: 'team.key', description: 'x'.repeat(301) }, now)), [
      'name',
      'description',
    ]);
    const past = validateInferenceApiKeyCreateArgs({ ...key, expiresAt: '2026-11-28T23:59:59Z' }, now);
    assert.deepEqual(!past.ok && past.problems, [{ field: 'expiresAt', message: 'must be in the future' }]);
    assert.deepEqual(fields(validateInferenceApiKeyCreateArgs({ ...key, expiresAt: '2027-01-31' }, now)), ['expiresAt']);
    assert.deepEqual(fields(validateInferenceApiKeyCreateArgs({ ...key, expiresAt: '2027-02-31T00:00:00Z' }, now)), ['expiresAt']);
    assert.deepEqual(fields(validateInferenceApiKeyArgs({ projectId: 1, name: 'a.b' })), ['name']);
  });

  it('takes a registry credential whole, naming the part of its address to drop, never echoing the password', () => {
    const credential = { projectId: 1, name: 'docker-io', registryUrl: 'registry.hub.docker.com', username: 'me', password: 'p4ss word' };
    assert.deepEqual(validateInferenceRegistryCredentialArgs(credential), { ok: true, value: credential });
    const wrong = validateInferenceRegistryCredentialArgs({ ...credential, registryUrl: 'https://ghcr.io/org', password: '' });
    assert.deepEqual(!wrong.ok && wrong.problems, [
      { field: 'registryUrl', message: 'must be the host name only: drop "https://"' },
      { field: 'password', message: 'must not be empty' },
    ]);
    assert.deepEqual(fields(validateInferenceRegistryCredentialArgs({ projectId: 1, name: 'docker-io' })), [
      'registryUrl',
      'username',
      'password',
    ]);
    assert.equal(validateInferenceRegistryCredentialRefArgs({ projectId: 1, name: 'docker-io' }).ok, true);
  });

  it('takes a quota request of inference_*_count_limit entries, whole numbers, and a description', () => {
    const request = {
      limits: { inference_gpu_h100_count_limit: 2, inference_instance_count_limit: 0 },
      description: 'a model for the team',
    };
    assert.deepEqual(validateInferenceQuotaRequestArgs(request), { ok: true, value: request });
    const wrong = validateInferenceQuotaRequestArgs({
      limits: { gpu_h100_count_limit: 2, inference_gpu_a100_count_limit: -1 },
      description: 'x'.repeat(1001),
    });
    assert.deepEqual(fields(wrong), ['description', 'limits.gpu_h100_count_limit', 'limits.inference_gpu_a100_count_limit']);
    assert.deepEqual(fields(validateInferenceQuotaRequestArgs({ limits: {}, description: 'more' })), ['limits']);
  });

  it('becomes an Error naming the field', () => {
    assert.throws(
      () => unwrap(validateInferenceDeploymentArgs({ projectId: 1, name: 'x' })),
      (error: unknown) => {
        assert.ok(error instanceof InvalidArgumentError);
        assert.match(error.message, /^Invalid argument: name: must be at least 4 characters$/);
        return true;
      },
    );
  });
});
