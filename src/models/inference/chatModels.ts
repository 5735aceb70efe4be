/**
 * How a deployment's models read in VS Code's chat: an id unique across deployments (two deployments may serve the
 * same model), a name that says which deployment answers, and what the model can take.
 */

/** When the server states no context length: vLLM's usual default for the models it serves. */
const DEFAULT_CONTEXT_TOKENS = 8192;
/** The most of the context an answer may take. */
const MAX_OUTPUT_TOKENS = 4096;

/** Model ids that take images, by the names their makers give vision models (an OpenAI server does not say). */
const VISION = /(vision|[-_]vl([-_]|$)|llava|pixtral|gemma-3|-omni)/i;

export interface ChatModelSource {
  projectId: number;
  deployment: string;
  modelId: string;
  maxModelLength?: number;
}

export interface ChatModelInfo {
  id: string;
  name: string;
  family: string;
  version: string;
  detail: string;
  tooltip: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { imageInput: boolean; toolCalling: boolean };
}

/** The chat model's id: the project, the deployment and the model id, each unique in the one before. */
export function chatModelId(source: Pick<ChatModelSource, 'projectId' | 'deployment' | 'modelId'>): string {
  return `${source.projectId}/${source.deployment}/${source.modelId}`;
}

export function seesImages(modelId: string): boolean {
  return VISION.test(modelId);
}

export function chatModelInfo(source: ChatModelSource, words: { detail: string; tooltip: string }): ChatModelInfo {
  const context = source.maxModelLength && source.maxModelLength > 0 ? source.maxModelLength : DEFAULT_CONTEXT_TOKENS;
  const maxOutputTokens = Math.min(MAX_OUTPUT_TOKENS, Math.floor(context / 2));
  return {
    id: chatModelId(source),
    name: `${source.deployment} · ${source.modelId}`,
    family: source.modelId,
    version: source.modelId,
    detail: words.detail,
    tooltip: words.tooltip,
    maxInputTokens: context - maxOutputTokens,
    maxOutputTokens,
    capabilities: { imageInput: seesImages(source.modelId), toolCalling: true },
  };
}
