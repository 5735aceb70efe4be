import type { ApiRequest } from './api-request';
import { aiRegionIds } from './account-endpoints';
import { pageOf, readPageQuery } from './paging-query';
import { cloudError, cloudValidationError, type InvalidFields, type Reply } from './replies';

/** An inference flavor as `/cloud/v3/inference/flavors` answers it, with the made-up hourly price the emulator bills it at. */
export interface InferenceFlavor {
  name: string;
  cpu: number;
  /** GiB. */
  memory: number;
  gpu: number;
  gpu_model: string | null;
  gpu_memory: number | null;
  gpu_compute_capability: string | null;
  description: string;
  eurPerHour: number;
}

/** CPU-only flavors and one GPU each of L40S, A100 and H100: a pod takes one GPU slot of its model. */
export const INFERENCE_FLAVORS: readonly InferenceFlavor[] = [
  cpuFlavor('inference-1vcpu-1gib', 1, 1, 0.012),
  cpuFlavor('inference-4vcpu-16gib', 4, 16, 0.06),
  gpuFlavor('inference-16vcpu-232gib-1xl40s-48gb', 16, 232, 'L40S', 48, '8.9', 1.65),
  gpuFlavor('inference-16vcpu-232gib-1xa100-80gb', 16, 232, 'A100', 80, '8.0', 2.2),
  gpuFlavor('inference-20vcpu-232gib-1xh100-80gb', 20, 232, 'H100', 80, '9.0', 3.9),
];

function cpuFlavor(name: string, cpu: number, memory: number, eurPerHour: number): InferenceFlavor {
  return {
    name,
    cpu,
    memory,
    gpu: 0,
    gpu_model: null,
    gpu_memory: null,
    gpu_compute_capability: null,
    description: `${cpu} vCPU, ${memory} GiB RAM, no GPU`,
    eurPerHour,
  };
}

function gpuFlavor(
  name: string,
  cpu: number,
  memory: number,
  model: string,
  gpuMemory: number,
  capability: string,
  eurPerHour: number,
): InferenceFlavor {
  return {
    name,
    cpu,
    memory,
    gpu: 1,
    gpu_model: model,
    gpu_memory: gpuMemory,
    gpu_compute_capability: capability,
    description: `${cpu} vCPU, ${memory} GiB RAM, 1x NVIDIA ${model} ${gpuMemory} GB`,
    eurPerHour,
  };
}

export function findInferenceFlavor(name: unknown): InferenceFlavor | undefined {
  return INFERENCE_FLAVORS.find((flavor) => flavor.name === name);
}

function flavorView({ eurPerHour: _price, ...flavor }: InferenceFlavor): Omit<InferenceFlavor, 'eurPerHour'> {
  return flavor;
}

/** GET /cloud/v3/inference/flavors?limit=&offset= (no project: the catalogue is Gcore's), 100 a page unless asked. */
export function listInferenceFlavors(request: ApiRequest): Reply {
  const invalidFields: InvalidFields = {};
  const page = readPageQuery(request.query, 1000, 100, invalidFields);
  if (Object.keys(invalidFields).length > 0) return cloudValidationError(request.requestId, invalidFields);
  return { status: 200, body: { count: INFERENCE_FLAVORS.length, results: pageOf(INFERENCE_FLAVORS.map(flavorView), page) } };
}

/** GET /cloud/v3/inference/flavors/{name} */
export function getInferenceFlavor(request: ApiRequest, name: string): Reply {
  const flavor = findInferenceFlavor(name);
  if (!flavor) return cloudError(request.requestId, 404, 'NotFoundError', `Flavor ${name} not found`);
  return { status: 200, body: flavorView(flavor) };
}

/** Free pods of each flavor by region: the GPU regions hold every flavor, a CPU-only one no GPU flavor. */
const CAPACITY: Record<number, Record<string, number>> = {
  76: {
    'inference-1vcpu-1gib': 400,
    'inference-4vcpu-16gib': 120,
    'inference-16vcpu-232gib-1xl40s-48gb': 24,
    'inference-16vcpu-232gib-1xa100-80gb': 6,
    'inference-20vcpu-232gib-1xh100-80gb': 3,
  },
  38: {
    'inference-1vcpu-1gib': 250,
    'inference-4vcpu-16gib': 80,
    'inference-16vcpu-232gib-1xl40s-48gb': 12,
    'inference-16vcpu-232gib-1xa100-80gb': 0,
    'inference-20vcpu-232gib-1xh100-80gb': 8,
  },
  8: { 'inference-1vcpu-1gib': 300, 'inference-4vcpu-16gib': 60 },
};

/** GET /cloud/v3/inference/capacity: each AI region's free capacity per flavor. */
export function inferenceCapacity(): Reply {
  const results = aiRegionIds().map((regionId) => ({
    region_id: regionId,
    capacity: Object.entries(CAPACITY[regionId] ?? {}).map(([flavorName, capacity]) => ({ flavor_name: flavorName, capacity })),
  }));
  return { status: 200, body: { count: results.length, results } };
}

export interface CatalogParameter {
  type: 'enum' | 'float' | 'integer' | 'string';
  default_value: unknown;
  min_value: number | null;
  max_value: number | null;
  enum_values: string[] | null;
  pattern: string | null;
  required: boolean;
  description: string;
}

export interface CatalogComponent {
  display_name: string;
  required: boolean;
  exposable: boolean;
  license_url: string;
  suitable_flavors: { name: string }[];
  parameters: Record<string, CatalogParameter>;
  /** What the component runs; not in the catalogue's answer. */
  image: string;
  port: number;
}

export interface CatalogApplication {
  name: string;
  display_name: string;
  description: string;
  readme: string;
  tags: Record<string, string>;
  components: Record<string, CatalogComponent>;
}

function parameter(type: CatalogParameter['type'], description: string, extra: Partial<CatalogParameter>): CatalogParameter {
  return {
    type,
    default_value: null,
    min_value: null,
    max_value: null,
    enum_values: null,
    pattern: null,
    required: false,
    description,
    ...extra,
  };
}

const GPU_FLAVORS = ['inference-16vcpu-232gib-1xl40s-48gb', 'inference-16vcpu-232gib-1xa100-80gb', 'inference-20vcpu-232gib-1xh100-80gb'];

/** A chat UI in front of an LLM server (two components, the UI optional), and a speech-to-text model (one). */
export const CATALOG: readonly CatalogApplication[] = [
  {
    name: 'chat-llm',
    display_name: 'Chat with an open LLM',
    description: 'vLLM serving an open-weights model behind Open WebUI.',
    readme: '# Chat with an open LLM\n\nvLLM answers the OpenAI API at `/v1`; Open WebUI gives it a chat page.',
    tags: { category: 'llm', license: 'mixed' },
    components: {
      vllm: {
        display_name: 'vLLM model server',
        required: true,
        exposable: true,
        license_url: 'https://github.com/vllm-project/vllm/blob/main/LICENSE',
        suitable_flavors: GPU_FLAVORS.map((name) => ({ name })),
        parameters: {
          model_id: parameter('enum', 'The model to serve', {
            default_value: 'meta-llama/Llama-3.1-8B-Instruct',
            enum_values: ['meta-llama/Llama-3.1-8B-Instruct', 'Qwen/Qwen2.5-7B-Instruct', 'mistralai/Mistral-7B-Instruct-v0.3'],
            required: true,
          }),
          max_model_len: parameter('integer', 'Context length in tokens', { default_value: 8192, min_value: 512, max_value: 32768 }),
          gpu_memory_utilization: parameter('float', 'Share of GPU memory vLLM may take', {
            default_value: 0.9,
            min_value: 0.1,
            max_value: 0.99,
          }),
          hf_token: parameter('string', 'A Hugging Face token for gated models', { pattern: '^hf_[A-Za-z0-9]{20,}$' }),
        },
        image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
        port: 8000,
      },
      'open-webui': {
        display_name: 'Open WebUI',
        required: false,
        exposable: true,
        license_url: 'https://github.com/open-webui/open-webui/blob/main/LICENSE',
        suitable_flavors: [{ name: 'inference-1vcpu-1gib' }, { name: 'inference-4vcpu-16gib' }],
        parameters: {
          webui_name: parameter('string', 'The title the chat page shows', { default_value: 'Gcore Chat', pattern: '^.{1,40}$' }),
          enable_signup: parameter('enum', 'Whether visitors may create accounts', {
            default_value: 'false',
            enum_values: ['true', 'false'],
          }),
        },
        image: 'registry.gcore.com/inference/open-webui:0.5.20',
        port: 8080,
      },
    },
  },
  {
    name: 'whisper',
    display_name: 'Whisper large-v3',
    description: 'Speech to text with an OpenAI-compatible transcription API.',
    readme: '# Whisper large-v3\n\n`POST /v1/audio/transcriptions` with a sound file.',
    tags: { category: 'speech' },
    components: {
      whisper: {
        display_name: 'Whisper server',
        required: true,
        exposable: true,
        license_url: 'https://github.com/openai/whisper/blob/main/LICENSE',
        suitable_flavors: [{ name: 'inference-16vcpu-232gib-1xl40s-48gb' }, { name: 'inference-16vcpu-232gib-1xa100-80gb' }],
        parameters: {
          language: parameter('enum', 'The language spoken, or auto', {
            default_value: 'auto',
            enum_values: ['auto', 'en', 'de', 'fr', 'es'],
          }),
          beam_size: parameter('integer', 'Beam search width', { default_value: 5, min_value: 1, max_value: 10 }),
        },
        image: 'registry.gcore.com/inference/faster-whisper:1.1.0',
        port: 8000,
      },
    },
  },
];

export function findCatalogApplication(name: unknown): CatalogApplication | undefined {
  return CATALOG.find((application) => application.name === name);
}

function catalogView(application: CatalogApplication): Record<string, unknown> {
  return {
    ...application,
    components: Object.fromEntries(
      Object.entries(application.components).map(([key, { image: _image, port: _port, ...component }]) => [key, component]),
    ),
  };
}

/** GET /cloud/v3/inference/applications/catalog */
export function listCatalog(): Reply {
  return { status: 200, body: { count: CATALOG.length, results: CATALOG.map(catalogView) } };
}

/** GET /cloud/v3/inference/applications/catalog/{application_name} */
export function getCatalogApplication(request: ApiRequest, name: string): Reply {
  const application = findCatalogApplication(name);
  if (!application) return cloudError(request.requestId, 404, 'NotFoundError', `Application ${name} not found`);
  return { status: 200, body: catalogView(application) };
}
