import { buildDeployment } from './inference-deployment-changes';
import {
  placeDeployment,
  SEEDED_DEPLOY_MS,
  SEEDED_PROJECT_ID,
  type DeploymentRecord,
  type InferenceProject,
  type InferenceState,
} from './inference-state';

/** The seeded API key's secret: a test proves with it what a deployment's caller sends (never to show it). */
export const SEEDED_API_KEY_SECRET = 'seeded-inference-key-0f3b9c2e7a';
/** The seeded registry credential's password, for the same purpose. */
export const SEEDED_REGISTRY_PASSWORD = 'seeded-registry-password-5d1e';

/** The names of the seeded deployments: running in two regions, scaled to zero, being deployed. */
export const SEEDED_DEPLOYMENTS = { active: 'llama-chat', pending: 'qwen-coder', deploying: 'mistral-rag' } as const;

const minutes = (count: number): number => count * 60_000;
const VLLM_PROBE = {
  enabled: true,
  probe: { http_get: { port: 8000, path: '/v1/models', schema: 'HTTP' }, initial_delay_seconds: 30, period_seconds: 10 },
};

function seeded(projectId: number, body: Record<string, unknown>, createdMs: number): DeploymentRecord {
  return buildDeployment(projectId, { listening_port: 8000, readiness_probe: VLLM_PROBE, ...body }, createdMs, minutes(3));
}

/**
 * The main account's default project (the playground's) starts with a registry credential, an API key, and three deployments: one
 * ACTIVE in Luxembourg-2 and Manassas (the key attached), one PENDING (scaled to zero after it ran a while), one
 * DEPLOYING that stays so for half an hour so that the playground always shows one.
 */
export function seedInferenceProject(state: InferenceState, project: InferenceProject, projectId: number): void {
  if (projectId !== SEEDED_PROJECT_ID) return;
  const now = state.clock.now();
  project.credentials.set('ghcr-team', {
    name: 'ghcr-team',
    username: 'deploy-bot',
    password: SEEDED_REGISTRY_PASSWORD,
    registryUrl: 'ghcr.io',
  });
  project.apiKeys.set('team-key', {
    name: 'team-key',
    description: 'Shared by the team for the chat deployment',
    expiresAt: null,
    createdAt: new Date(now - minutes(60 * 24 * 3)).toISOString(),
    secret: SEEDED_API_KEY_SECRET,
  });

  const active = seeded(
    projectId,
    {
      name: SEEDED_DEPLOYMENTS.active,
      image: 'ghcr.io/example/llama-server:1.4.0',
      flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
      credentials_name: 'ghcr-team',
      command: ['--model', 'meta-llama/Llama-3.1-8B-Instruct', '--max-model-len', '8192'],
      envs: { HF_HOME: '/models' },
      api_keys: ['team-key'],
      description: 'Team chat model',
      containers: [
        { region_id: 76, scale: { min: 1, max: 2, triggers: { gpu_utilization: { threshold: 80 } } } },
        { region_id: 38, scale: { min: 1, max: 2, triggers: { gpu_utilization: { threshold: 80 } } } },
      ],
    },
    now - minutes(45),
  );
  active.createdAt = new Date(now - minutes(60 * 24 * 2)).toISOString();

  const pending = seeded(
    projectId,
    {
      name: SEEDED_DEPLOYMENTS.pending,
      image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
      flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
      command: ['--model', 'Qwen/Qwen2.5-Coder-7B-Instruct'],
      timeout: 300,
      containers: [{ region_id: 76, scale: { min: 0, max: 2 } }],
    },
    now - minutes(50),
  );
  // It ran one pod for a quarter of an hour of requests, then scaled down to zero.
  pending.runs = [{ fromMs: now - minutes(50), toMs: now - minutes(35), pods: [{ regionId: 76, count: 1 }] }];

  const deploying = buildDeployment(
    projectId,
    {
      name: SEEDED_DEPLOYMENTS.deploying,
      image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
      listening_port: 8000,
      flavor_name: 'inference-16vcpu-232gib-1xa100-80gb',
      command: ['--model', 'mistralai/Mistral-7B-Instruct-v0.3'],
      readiness_probe: VLLM_PROBE,
      containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
    },
    now - minutes(2),
    SEEDED_DEPLOY_MS,
  );

  for (const record of [active, pending, deploying]) placeDeployment(project, record);
}

/**
 * A seed for load: every project of the main account holds `count` ACTIVE deployments of one CPU pod in
 * Luxembourg-2, none moving (`inferenceDeploymentsPerProject`).
 */
export function generatedInferenceSeed(count: number): InferenceState['seed'] {
  return (state, project, projectId) => {
    const settled = state.clock.now() - minutes(60);
    for (let index = 0; index < count; index++) {
      const record = buildDeployment(
        projectId,
        {
          name: `model-${String(index).padStart(5, '0')}`,
          image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
          listening_port: 8000,
          flavor_name: 'inference-1vcpu-1gib',
          containers: [{ region_id: 76, scale: { min: 1, max: 1 } }],
        },
        settled,
        0,
      );
      placeDeployment(project, record);
    }
  };
}
