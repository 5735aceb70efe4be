import * as assert from 'node:assert/strict';
import type { InferenceCatalogApplication } from '../../../../src/api/inference/inferenceTypes';
import {
  applicationCatalogProblems,
  applicationOf,
  groupDeployments,
  isSecretParameter,
  parameterProblem,
  validateInferenceApplicationCreate,
  type InferenceApplicationCreate,
} from '../../../../src/models/inference/inferenceApplications';

const ENTRY: InferenceCatalogApplication = {
  name: 'chat-rag',
  display_name: 'Chat with RAG',
  components: {
    model: {
      required: true,
      exposable: true,
      suitable_flavors: [{ name: 'inference-16vcpu-232gib-1xh100-80gb' }, { name: 'inference-4vcpu-16gib-1xl40s-48gb' }],
      parameters: {
        max_model_len: { type: 'integer', min_value: 1024, max_value: 32768, default_value: 8192 },
        dtype: { type: 'enum', enum_values: ['auto', 'half'], required: true },
        temperature: { type: 'float', min_value: 0, max_value: 2 },
        hf_repo: { type: 'string', pattern: '^[\\w-]+/[\\w.-]+$' },
      },
    },
    embedder: { required: false, exposable: false, suitable_flavors: [{ name: 'inference-4vcpu-16gib' }] },
  },
};

const APPLICATION: InferenceApplicationCreate = {
  name: 'ragchat',
  application_name: 'chat-rag',
  regions: [7],
  components_configuration: {
    model: {
      flavor: 'inference-4vcpu-16gib-1xl40s-48gb',
      exposed: true,
      scale: { min: 0, max: 1 },
      parameter_overrides: { dtype: { value: 'half' } },
    },
  },
};

function fields(problems: { field: string }[]): string[] {
  return problems.map((problem) => problem.field);
}

describe('a catalogue application create', () => {
  it('checks the payload as data, each component by its key', () => {
    assert.deepEqual(validateInferenceApplicationCreate(APPLICATION), { ok: true, value: APPLICATION });
    const wrong = validateInferenceApplicationCreate(
      {
        ...APPLICATION,
        regions: [],
        components_configuration: {
          model: { flavor: 'x', exposed: 'yes', scale: { min: 2, max: 1 }, parameter_overrides: { dtype: 'half' } },
        },
      },
      'deployment',
    );
    assert.deepEqual(!wrong.ok && fields(wrong.problems), [
      'deployment.regions',
      'deployment.components_configuration.model.exposed',
      'deployment.components_configuration.model.scale.min',
      'deployment.components_configuration.model.parameter_overrides.dtype',
    ]);
    const none = validateInferenceApplicationCreate({ ...APPLICATION, components_configuration: {} });
    assert.deepEqual(!none.ok && fields(none.problems), ['components_configuration']);
  });

  it('passes a payload its catalogue entry takes', () => {
    assert.deepEqual(applicationCatalogProblems(APPLICATION, ENTRY, '', [7, 8]), []);
  });

  it('refuses what the entry does not take: another application, components, flavors, an address, regions', () => {
    const problems = applicationCatalogProblems(
      {
        ...APPLICATION,
        application_name: 'other',
        regions: [7, 9],
        components_configuration: {
          embedder: { flavor: 'inference-16vcpu-232gib-1xh100-80gb', exposed: true, scale: { min: 0, max: 1 } },
          reranker: { flavor: 'x', exposed: false, scale: { min: 0, max: 1 } },
        },
      },
      ENTRY,
      'deployment',
      [7, 8],
    );
    assert.deepEqual(fields(problems), [
      'deployment.application_name',
      'deployment.components_configuration.model',
      'deployment.components_configuration.embedder.flavor',
      'deployment.components_configuration.embedder.exposed',
      'deployment.components_configuration.reranker',
      'deployment.regions.1',
    ]);
  });

  it('checks parameters by type and bounds, and asks for a required one without a default', () => {
    const problems = applicationCatalogProblems(
      {
        ...APPLICATION,
        components_configuration: {
          model: {
            ...APPLICATION.components_configuration.model,
            parameter_overrides: {
              max_model_len: { value: '99999' },
              temperature: { value: 'hot' },
              hf_repo: { value: 'no repo' },
              seed: { value: '1' },
            },
          },
        },
      },
      ENTRY,
    );
    assert.deepEqual(
      problems.map((problem) => `${problem.field}: ${problem.message}`),
      [
        'components_configuration.model.parameter_overrides.max_model_len.value: must be at most 32768',
        'components_configuration.model.parameter_overrides.temperature.value: must be a number',
        'components_configuration.model.parameter_overrides.hf_repo.value: must match ^[\\w-]+/[\\w.-]+$',
        'components_configuration.model.parameter_overrides.seed: is not a parameter of this component',
        'components_configuration.model.parameter_overrides.dtype: is required: it has no default',
      ],
    );
    assert.equal(parameterProblem({ type: 'integer', min_value: 1 }, '2.5'), 'must be a whole number');
    assert.equal(parameterProblem({ type: 'enum', enum_values: ['a'] }, 'b'), 'must be one of: a');
    assert.equal(parameterProblem({ type: 'float', min_value: 0.5 }, '0.25'), 'must be at least 0.5');
    assert.equal(parameterProblem({ type: 'string', pattern: '(' }, 'anything'), undefined);
  });
});

describe("an application's components among the deployments", () => {
  it('groups a deployment referenced as an AppDeployment under its application', () => {
    const own = { name: 'qwen' };
    const model = { name: 'ragchat-model', object_references: [{ kind: 'AppDeployment', name: 'ragchat' }] };
    const embedder = {
      name: 'ragchat-embed',
      object_references: [
        { kind: 'Other', name: 'x' },
        { kind: 'AppDeployment', name: 'ragchat' },
      ],
    };
    const stray = {
      name: 'stray',
      object_references: [
        { kind: 'Other', name: 'ragchat' },
        { kind: 'AppDeployment', name: '' },
      ],
    };
    assert.equal(applicationOf(model), 'ragchat');
    assert.equal(applicationOf(stray), undefined);
    const grouped = groupDeployments([own, model, stray, embedder]);
    assert.deepEqual(grouped.own, [own, stray]);
    assert.deepEqual([...grouped.components], [['ragchat', [model, embedder]]]);
  });
});

describe("a catalogue parameter's secrecy", () => {
  it('tells a token, a password or a key by its name, whatever its case', () => {
    for (const name of ['hf_token', 'HF_TOKEN', 'admin_password', 'api_key', 'apikey', 'client_secret']) {
      assert.ok(isSecretParameter(name), name);
    }
    for (const name of ['model_id', 'max_model_len', 'webui_name', 'keyword_boost']) assert.ok(!isSecretParameter(name), name);
  });
});
