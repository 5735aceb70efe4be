import * as assert from 'node:assert/strict';
import type { InferenceDeployment } from '../../../../src/api/inference/inferenceTypes';
import {
  deploymentDocumentChanges,
  differingDeploymentFields,
  editableFields,
  inferenceDeploymentDocumentPath,
  inferenceDeploymentProblems,
  newInferenceDeploymentDocumentPath,
  newInferenceDeploymentProblems,
  newInferenceDeploymentTemplate,
  parseInferenceDeploymentDocumentPath,
  parseNewInferenceDeploymentDocumentPath,
  readInferenceDocument,
} from '../../../../src/models/inference/inferenceDeploymentDocuments';

const CURRENT: InferenceDeployment = {
  name: 'qwen3coder',
  status: 'ACTIVE',
  image: 'vllm/vllm-openai:v0.6.3',
  flavor_name: 'inference-16vcpu',
  listening_port: 8000,
  timeout: 120,
  containers: [{ region_id: 7, scale: { min: 0, max: 2, cooldown_period: 90, polling_interval: 15 } }],
};

const NEW = {
  name: 'my-model',
  image: 'vllm/vllm-openai:v0.6.3',
  listening_port: 8000,
  flavor_name: 'inference-16vcpu',
  containers: [{ region_id: 7, scale: { min: 1, max: 2 } }],
};

describe('inference deployment documents', () => {
  it('names a deployment and a new deployment by paths that read back, and refuses others', () => {
    assert.deepEqual(parseInferenceDeploymentDocumentPath(inferenceDeploymentDocumentPath({ projectId: 3, name: 'web-1' })), {
      projectId: 3,
      name: 'web-1',
    });
    assert.deepEqual(parseNewInferenceDeploymentDocumentPath(newInferenceDeploymentDocumentPath({ projectId: 3 })), { projectId: 3 });
    assert.equal(parseInferenceDeploymentDocumentPath('/3/new-inference-deployment.json'), undefined);
    assert.equal(parseInferenceDeploymentDocumentPath('/0/web.json'), undefined);
    assert.equal(parseInferenceDeploymentDocumentPath('/3/Web_1.json'), undefined);
    assert.equal(parseNewInferenceDeploymentDocumentPath('/3/web.json'), undefined);
  });

  it('reads back only one JSON object', () => {
    assert.equal(readInferenceDocument('[1]').ok, false);
    assert.deepEqual(readInferenceDocument('{"timeout": 60}'), { ok: true, value: { timeout: 60 } });
  });

  it('marks a bad value of a new deployment naming its field, and what Gcore does not offer as a warning', () => {
    const problems = newInferenceDeploymentProblems(
      { ...NEW, listening_port: 0, credentials_name: 'nope' },
      { flavors: ['other'], regions: [7], credentials: ['docker'] },
    );
    assert.deepEqual(
      problems.map((problem) => [problem.field, problem.severity]),
      [
        ['listening_port', 'error'],
        ['flavor_name', 'warning'],
        ['credentials_name', 'warning'],
      ],
    );
  });

  it('finds the template incomplete and a filled-in payload clean', () => {
    assert.ok(newInferenceDeploymentProblems(newInferenceDeploymentTemplate(), {}).some((problem) => problem.field === 'name'));
    assert.deepEqual(newInferenceDeploymentProblems(NEW, { flavors: ['inference-16vcpu'], regions: [7] }), []);
  });

  it('marks a changed value the update refuses as an error naming the field', () => {
    const edited = { ...editableFields(CURRENT), timeout: -5 };
    const problems = inferenceDeploymentProblems(edited, CURRENT, {});
    assert.deepEqual(
      problems.map((problem) => [problem.field, problem.severity]),
      [['timeout', 'error']],
    );
  });

  it('marks a new region without its bounds, which the PATCH cannot make whole', () => {
    const edited = { ...editableFields(CURRENT), containers: [...(editableFields(CURRENT).containers as unknown[]), { region_id: 9 }] };
    const problems = inferenceDeploymentProblems(edited, CURRENT, {});
    assert.ok(problems.some((problem) => problem.field.startsWith('containers.1.scale') && problem.severity === 'error'));
  });

  it('changes only the fields edited, and sees a conflict in a field changed at Gcore', () => {
    const edited = { ...editableFields(CURRENT), timeout: 300 };
    assert.deepEqual(deploymentDocumentChanges(CURRENT, edited), { timeout: 300 });
    assert.deepEqual(differingDeploymentFields(CURRENT, { ...CURRENT, image: 'vllm/vllm-openai:v0.7.0' }), ['image']);
  });
});
