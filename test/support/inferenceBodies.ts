/** A create payload of an inference deployment the emulator accepts in its seeded project 1: one region, scaled from zero. */
export function inferenceDeploymentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'vllmtest',
    image: 'registry.gcore.com/inference/vllm-openai:0.8.5',
    listening_port: 8000,
    flavor_name: 'inference-16vcpu-232gib-1xl40s-48gb',
    containers: [{ region_id: 76, scale: { min: 0, max: 2, cooldown_period: 60, polling_interval: 30 } }],
    ...overrides,
  };
}
