import * as assert from 'node:assert/strict';
import { checkFieldText } from '../../../../src/validation/fieldChecks';
import {
  API_KEY_NAME_FIELD,
  APPLICATION_NAME_FIELD,
  DEPLOYMENT_NAME_FIELD,
  NEW_DEPLOYMENT_NAME_FIELD,
  OFFERED_DEPLOYMENT_NAME_FIELD,
  REGISTRY_CREDENTIAL_NAME_FIELD,
  registryUrlProblem,
} from '../../../../src/models/inference/inferenceNames';

describe('inference names', () => {
  it('takes a deployment name of 4 to 30 lower-case letters, digits and hyphens, and nothing else', () => {
    for (const name of ['qwen', 'llama-3-8b', 'a'.repeat(30), '-abc']) {
      assert.equal(checkFieldText(DEPLOYMENT_NAME_FIELD, name), undefined, name);
    }
    for (const name of ['abc', 'a'.repeat(31), 'Qwen3', 'my_model', 'my.model', 'mödel']) {
      assert.notEqual(checkFieldText(DEPLOYMENT_NAME_FIELD, name), undefined, name);
    }
  });

  it("refuses a new deployment's name that starts or ends with a hyphen, as Gcore's spec does", () => {
    assert.equal(checkFieldText(NEW_DEPLOYMENT_NAME_FIELD, 'my-model'), undefined);
    assert.match(checkFieldText(NEW_DEPLOYMENT_NAME_FIELD, '-model') ?? '', /start and end with a letter or digit/);
  });

  it('offers no hyphen in the wizard, and says why', () => {
    assert.equal(checkFieldText(OFFERED_DEPLOYMENT_NAME_FIELD, 'qwen3coder'), undefined);
    assert.match(checkFieldText(OFFERED_DEPLOYMENT_NAME_FIELD, 'qwen-3') ?? '', /hyphen is refused when the deployment is created/);
    assert.match(checkFieldText(OFFERED_DEPLOYMENT_NAME_FIELD, 'qw') ?? '', /at least 4/);
  });

  it('bounds an application name to 15 characters of the same alphabet', () => {
    assert.equal(checkFieldText(APPLICATION_NAME_FIELD, 'whisper-large'), undefined);
    assert.match(checkFieldText(APPLICATION_NAME_FIELD, 'a'.repeat(16)) ?? '', /at most 15/);
    assert.notEqual(checkFieldText(APPLICATION_NAME_FIELD, 'Whisper'), undefined);
  });

  it('refuses a dot in an API key name, saying Gcore could not read or delete the key', () => {
    assert.equal(checkFieldText(API_KEY_NAME_FIELD, 'team_key-1'), undefined);
    for (const name of ['team.key', 'a/b', 'two words']) {
      assert.match(checkFieldText(API_KEY_NAME_FIELD, name) ?? '', /cannot read or delete it/, name);
    }
  });

  it('takes a registry credential name as deployments name it', () => {
    assert.equal(checkFieldText(REGISTRY_CREDENTIAL_NAME_FIELD, 'docker-io'), undefined);
    assert.notEqual(checkFieldText(REGISTRY_CREDENTIAL_NAME_FIELD, 'Docker IO'), undefined);
  });

  it('takes a registry as its host name alone and names the part to drop', () => {
    for (const host of ['ghcr.io', 'registry.hub.docker.com', 'registry.gitlab.com', ' ghcr.io ']) {
      assert.equal(registryUrlProblem(host), undefined, host);
    }
    assert.equal(registryUrlProblem('https://ghcr.io'), 'must be the host name only: drop "https://"');
    assert.equal(registryUrlProblem('ghcr.io/my-org/model'), 'must be the host name only: drop "/my-org/model"');
    assert.equal(registryUrlProblem('registry.example.com:5000'), 'must be the host name only: drop ":5000"');
    assert.equal(registryUrlProblem('me@ghcr.io'), 'must be the host name only: drop "me@"');
    assert.equal(registryUrlProblem(''), 'must not be empty');
    assert.equal(registryUrlProblem('ghcr..io'), 'must be a host name only, such as ghcr.io');
  });
});
