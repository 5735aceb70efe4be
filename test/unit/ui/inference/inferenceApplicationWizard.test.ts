import * as assert from 'node:assert/strict';
import type { InferenceCatalogApplication } from '../../../../src/api/inference/inferenceTypes';
import {
  chosenComponents,
  inferenceApplicationPayload,
  inferenceApplicationPlan,
  parameterBounds,
  parameterShown,
  parameterTextProblem,
  type InferenceApplicationAnswers,
  type InferenceApplicationSources,
} from '../../../../src/ui/inference/inferenceApplicationWizard';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import { RecordingUi } from '../recordingUi';

const GPU = 'inference-16vcpu-232gib-1xl40s-48gb';
const CPU = 'inference-4vcpu-16gib';

const ENTRY: InferenceCatalogApplication = {
  name: 'chat-rag',
  display_name: 'Chat with RAG',
  components: {
    model: {
      display_name: 'Model server',
      required: true,
      exposable: true,
      suitable_flavors: [{ name: GPU }],
      parameters: {
        max_model_len: { type: 'integer', default_value: 8192, min_value: 512, max_value: 32768 },
        dtype: { type: 'enum', enum_values: ['half', 'bfloat16'], required: true },
        hf_token: { type: 'string', pattern: '^hf_\\w+$' },
      },
    },
    embedder: { display_name: 'Embedder', required: false, exposable: false, suitable_flavors: [{ name: CPU }], parameters: {} },
    ui: { display_name: 'Chat page', required: false, exposable: true, suitable_flavors: [{ name: CPU }] },
  },
};

const SOURCES: InferenceApplicationSources = {
  catalogue: [ENTRY],
  flavors: [],
  capacity: [{ region_id: 7, capacity: [{ flavor_name: GPU, capacity: 3 }] }],
  regionName: (id) => `Region ${id}`,
};

describe("New Inference Application's steps", () => {
  it('runs the required components and the optional ones chosen, in the catalogue order', () => {
    assert.deepEqual(chosenComponents(ENTRY, {}), ['model']);
    assert.deepEqual(chosenComponents(ENTRY, { optional: ['ui', 'embedder'] }), ['model', 'embedder', 'ui']);
  });

  it('makes the payload: the flavors, an address where a component may have one, pods, and only the parameters given, as text', () => {
    const payload = inferenceApplicationPayload(ENTRY, {
      application: 'chat-rag',
      optional: ['embedder'],
      flavors: { model: GPU, embedder: CPU },
      parameters: { model: { dtype: 'half' } },
      pods: { model: { min: 0, max: 2 } },
      regions: [7],
      name: 'ragchat',
    });
    assert.deepEqual(payload, {
      name: 'ragchat',
      application_name: 'chat-rag',
      regions: [7],
      components_configuration: {
        model: { flavor: GPU, exposed: true, scale: { min: 0, max: 2 }, parameter_overrides: { dtype: { value: 'half' } } },
        embedder: { flavor: CPU, exposed: false, scale: { min: 1, max: 1 } },
      },
    });
  });

  it("says a parameter's bounds, shows its default, never a secret, and checks a value as typed naming it", () => {
    const parameters = ENTRY.components!.model!.parameters!;
    assert.equal(parameterBounds(parameters.max_model_len), 'integer · from 512 to 32768');
    assert.equal(parameterBounds(parameters.dtype), 'enum · one of: half, bfloat16 · required');
    assert.equal(parameterShown('max_model_len', parameters.max_model_len, undefined), '8192 (default)');
    assert.equal(parameterShown('max_model_len', parameters.max_model_len, '4096'), '4096');
    assert.equal(parameterShown('dtype', parameters.dtype, undefined), 'required, not set');
    assert.equal(parameterShown('hf_token', parameters.hf_token, 'hf_secret'), '(set)');
    assert.equal(parameterTextProblem('max_model_len', parameters.max_model_len, '100'), 'max_model_len: must be at least 512');
    assert.equal(parameterTextProblem('max_model_len', parameters.max_model_len, ''), undefined, 'empty keeps the default');
    assert.equal(parameterTextProblem('dtype', parameters.dtype, ' '), 'dtype: required, it has no default');
    assert.equal(parameterTextProblem('hf_token', parameters.hf_token, 'hf_abc'), undefined);
  });

  it('asks a required parameter without a default before Done is taken, and keeps a default typed back as no override', async () => {
    const ui = new RecordingUi([
      'Chat with RAG',
      [],
      GPU,
      'max_model_len',
      '8192',
      'Done',
      'bfloat16',
      'Done',
      '1-1',
      ['Region 7'],
      'ragchat',
    ]);
    const answers = await runWizard<InferenceApplicationAnswers>({}, (state) => inferenceApplicationPlan(ui, SOURCES, state));
    ui.assertAllAnswersUsed();
    assert.deepEqual(answers.parameters, { model: { dtype: 'bfloat16' } });
    assert.equal(ui.prompts()[0].totalSteps, 7, "the first step counts the first application's steps");
    const regions = ui.prompts().find((prompt) => prompt.kind === 'pickMany' && prompt.items?.[0].label === 'Region 7');
    assert.equal(regions?.items?.[0].description, 'free: Model server 3');
  });

  it('forgets the components chosen for another application when the application changes', async () => {
    const other: InferenceCatalogApplication = {
      name: 'solo',
      display_name: 'Solo',
      components: { only: { required: true, suitable_flavors: [{ name: CPU }] } },
    };
    const ui = new RecordingUi(['Chat with RAG', ['Chat page'], BACK, BACK, 'Solo', CPU, '1-1', ['Region 7'], 'soloapp']);
    const answers = await runWizard<InferenceApplicationAnswers>({}, (state) =>
      inferenceApplicationPlan(ui, { ...SOURCES, catalogue: [ENTRY, other] }, state),
    );
    ui.assertAllAnswersUsed();
    assert.deepEqual(inferenceApplicationPayload(other, answers).components_configuration, {
      only: { flavor: CPU, exposed: true, scale: { min: 1, max: 1 } },
    });
    assert.equal(answers.optional, undefined);
  });
});
