import * as assert from 'node:assert/strict';
import { loadOnce } from '../../../../src/core/loadOnce';
import { ROW_CONTEXT } from '../../../../src/core/contributions';
import type { ChangeSubject } from '../../../../src/loaders/taskPoller';
import { inferenceDeploymentChange, INFERENCE_DEPLOYMENT_KIND } from '../../../../src/models/inference/inferenceKinds';
import type { ProjectRegion } from '../../../../src/models/projectRegion';
import { INFERENCE_SECTION } from '../../../../src/views/inference/inferenceNodes';
import { inferenceSection } from '../../../../src/views/inference/inferenceSection';
import type { TreeNode } from '../../../../src/views/treeNodes';
import { FakeSectionView, MISSING, SERVER_ERROR, failed, ids, labels, loaded } from '../../support/fakeSectionView';
import { FakeInferenceReads, NO_QUOTA, PROJECT, asReads, cloudList, deployment } from './inferenceSectionFakes';

const POLL_MS = 20;

function section(options: { locations?: ProjectRegion[]; readsFail?: number } = {}) {
  const reads = new FakeInferenceReads();
  const view = new FakeSectionView();
  const changes = new Map<string, ChangeSubject>();
  const secretsHeld = new Set<string>();
  let failures = options.readsFail ?? 0;
  const inference = inferenceSection({
    view,
    locations: () => ({ locations: options.locations ?? [{ projectId: PROJECT, regionId: 76 }], problems: [] }),
    reads: loadOnce(async () => {
      if (failures-- > 0) throw new Error('dist/features.js is unreadable');
      return asReads(reads);
    }),
    regionNames: async () => new Map([[7, 'Luxembourg-2']]),
    changesAt: (kind, projectId) => new Map([...changes].filter(([, subject]) => subject.kind === kind && subject.projectId === projectId)),
    pollMs: POLL_MS,
    keySecrets: { has: async ({ projectId, name }) => secretsHeld.has(`${projectId}/${name}`) },
    now: () => Date.parse('2026-11-29T12:00:00Z'),
  });
  return { inference, reads, view, changes, secretsHeld };
}

type Inference = ReturnType<typeof section>['inference'];

async function projectRow(inference: Inference): Promise<TreeNode> {
  const [row] = await inference.children(INFERENCE_SECTION);
  return row;
}

/** The row of one of the project's lists: Deployments, Applications or Registry Credentials. */
async function listRow(inference: Inference, label: string): Promise<TreeNode> {
  const row = (await inference.children(await projectRow(inference))).find((child) => child.view?.label === label);
  assert.ok(row, `no ${label} row`);
  return row;
}

function later(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('the Inference section', () => {
  it('shows a row per project of the locations, labelled as they label it, and the Quota row, reading nothing', async () => {
    const { inference, reads } = section({
      locations: [
        { projectId: PROJECT, regionId: 76 },
        { projectId: PROJECT, regionId: 80, label: 'Production' },
        { projectId: 9, regionId: 76 },
      ],
    });
    const rows = await inference.children(INFERENCE_SECTION);
    assert.deepEqual(ids(rows), [`inference/${PROJECT}`, 'inference/9', 'inference/quota']);
    assert.deepEqual(labels(rows), ['Production', 'project 9', 'Quota']);
    assert.equal(rows[0].view?.description, `project ${PROJECT}`);
    assert.equal(rows[0].portal, `https://portal.gcore.com/cloud/project/${PROJECT}/inference/deployments`);
    assert.deepEqual(reads.reads, []);
  });

  it('offers to add a location when none is configured', async () => {
    const { inference } = section({ locations: [] });
    assert.deepEqual(labels(await inference.children(INFERENCE_SECTION)), ['Add Project and Region…', 'Quota']);
  });

  it('expands a project to its deployments (counted), applications, registry credentials and API keys', async () => {
    const { inference, reads } = section();
    const rows = await inference.children(await projectRow(inference));
    assert.deepEqual(labels(rows), ['Deployments', 'Applications', 'Registry Credentials', 'API Keys']);
    assert.equal(rows[0].view?.description, '1');
    assert.deepEqual(reads.reads.sort(), [`deployments ${PROJECT}`, 'quota']);
  });

  it('shows each deployment with its status in words, pods, flavor and image, and what its row offers', async () => {
    const { inference, reads } = section();
    reads.deploymentList = loaded(
      cloudList([
        deployment('llama'),
        deployment('idle', {
          status: 'PENDING',
          containers: [{ region_id: 7, scale: { min: 0, max: 2 }, deploy_status: { ready: 0, total: 0 } }],
        }),
        deployment('parked', { status: 'DISABLED', containers: [] }),
        deployment('odd', { status: 'RESHARDING', containers: [] }),
      ]),
    );
    const rows = await inference.children(await listRow(inference, 'Deployments'));
    assert.deepEqual(
      rows.map((row) => [row.view?.label, row.view?.description, row.view?.contextValue]),
      [
        [
          'llama',
          'active · 1/1 ready · inference-16vcpu-232gib-1xh100-80gb · vllm/vllm-openai:latest',
          ROW_CONTEXT.inferenceDeploymentActive,
        ],
        [
          'idle',
          'scaled to zero · 0/0 ready · inference-16vcpu-232gib-1xh100-80gb · vllm/vllm-openai:latest',
          ROW_CONTEXT.inferenceDeploymentScaledToZero,
        ],
        ['parked', 'stopped · inference-16vcpu-232gib-1xh100-80gb · vllm/vllm-openai:latest', ROW_CONTEXT.inferenceDeploymentStopped],
        ['odd', 'RESHARDING · inference-16vcpu-232gib-1xh100-80gb · vllm/vllm-openai:latest', ROW_CONTEXT.inferenceDeployment],
      ],
    );
    assert.equal(rows[0].portal, `https://portal.gcore.com/cloud/project/${PROJECT}/inference/deployments/llama`);
    assert.equal(rows[0].view?.tooltip, undefined, 'built on hover, not for every row');
    assert.ok(inference.resolveTooltip?.(rows[0])?.includes('- Region 7\\: 1\\/1 ready · min 1\\, max 2'));
  });

  it('shows under a deployment its address, then each region with its pods, address and Gcore’s error', async () => {
    const { inference, reads } = section();
    reads.deploymentList = loaded(
      cloudList([
        deployment('llama', {
          status: 'PARTIALLYDEPLOYED',
          containers: [
            { region_id: 7, scale: { min: 1, max: 2 }, deploy_status: { ready: 2, total: 2 }, address: 'https://llama-7.ai.example' },
            { region_id: 9, scale: { min: 1, max: 1 }, deploy_status: { ready: 0, total: 1 }, error_message: 'ImagePullBackOff' },
          ],
        }),
      ]),
    );
    const [row] = await inference.children(await listRow(inference, 'Deployments'));
    const details = await inference.children(row);
    assert.deepEqual(
      details.map((detail) => [detail.view?.label, detail.view?.description, detail.copy?.value]),
      [
        ['Address', 'https://llama.ai.example', 'https://llama.ai.example'],
        ['Luxembourg-2', '2/2 ready · min 1, max 2 · https://llama-7.ai.example', 'https://llama-7.ai.example'],
        ['Region 9', '0/1 ready · min 1, max 1 · ImagePullBackOff', undefined],
      ],
    );
    assert.deepEqual(
      details.slice(1).map((detail) => detail.view?.tooltip),
      ['Region ID 7', 'Region ID 9\n\nGcore reports\\: ImagePullBackOff'],
      'a region named by the account keeps its id in the tooltip; one it does not name shows its id',
    );
    assert.equal(details[1].copy?.label, 'the address in Luxembourg-2');
    assert.equal(details[2].view?.icon?.id, 'error');
    assert.equal(details[2].view?.contextValue, ROW_CONTEXT.inferenceRegion);
    assert.equal(details[1].view?.contextValue, ROW_CONTEXT.inferenceRegionWithAddress);
  });

  it('lists an application’s component deployments under it, and not again under Deployments', async () => {
    const { inference, reads } = section();
    const component = deployment('chat-llm', { object_references: [{ kind: 'AppDeployment', name: 'chat' }] });
    reads.deploymentList = loaded(cloudList([deployment('llama'), component]));
    reads.applicationList = loaded(
      cloudList([{ name: 'chat', application_name: 'open-webui', status: { consolidated_status: 'PartiallyDeployed' } }]),
    );
    const deployments = await listRow(inference, 'Deployments');
    assert.equal(deployments.view?.description, '1');
    assert.deepEqual(labels(await inference.children(deployments)), ['llama']);
    const [application] = await inference.children(await listRow(inference, 'Applications'));
    assert.equal(application.view?.description, 'partly deployed · open-webui');
    const [componentRow] = await inference.children(application);
    assert.equal(componentRow.view?.label, 'chat-llm');
    assert.equal(componentRow.view?.contextValue, ROW_CONTEXT.inferenceComponent);
  });

  it('shows registry credentials by name, user and registry', async () => {
    const { inference } = section();
    const rows = await inference.children(await listRow(inference, 'Registry Credentials'));
    assert.deepEqual(
      rows.map((row) => [row.view?.label, row.view?.description, row.copy?.value]),
      [['dockerhub', 'me · registry.hub.docker.com', 'dockerhub']],
    );
  });

  it('says that an account without inference quota has none, in one quiet row under a project without deployments', async () => {
    const { inference, reads } = section();
    reads.deploymentList = loaded(cloudList([]));
    reads.quotaRead = loaded(NO_QUOTA);
    const rows = await inference.children(await projectRow(inference));
    assert.deepEqual(labels(rows), ['No inference quota on this account yet', 'Registry Credentials', 'API Keys']);
    assert.equal(rows[0].view?.icon?.id, 'circle-slash');
  });

  it('says an empty list, and a failed one as an error row whose click reads it again', async () => {
    const { inference, reads } = section();
    reads.deploymentList = loaded(cloudList([]));
    reads.credentialList = failed(SERVER_ERROR);
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'Deployments'))), [
      'No inference deployments in this project',
    ]);
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'Applications'))), ['No applications in this project']);
    const credentials = await listRow(inference, 'Registry Credentials');
    const [error] = await inference.children(credentials);
    assert.equal(error.view?.label, 'Failed to load registry credentials');
    assert.deepEqual(error.view?.command?.arguments, [credentials]);
  });

  it('says once for the section that this API has no inference, until a Refresh', async () => {
    const { inference, reads, view } = section();
    reads.deploymentList = failed(MISSING);
    const project = await projectRow(inference);
    assert.deepEqual(await inference.children(project), []);
    assert.deepEqual(view.refreshed, [INFERENCE_SECTION]);
    const rows = await inference.children(INFERENCE_SECTION);
    assert.deepEqual(labels(rows), ['Everywhere Inference is not available from this API']);
    inference.invalidate(INFERENCE_SECTION);
    assert.equal(labels(await inference.children(INFERENCE_SECTION))[0], `project ${PROJECT}`);
  });

  it('says quietly, under their own rows, that this API lacks the applications or the credentials', async () => {
    const { inference, reads } = section();
    reads.applicationList = failed(MISSING);
    reads.credentialList = failed(MISSING);
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'Applications'))), [
      'Applications are not available from this API',
    ]);
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'Registry Credentials'))), [
      'Registry credentials are not available from this API',
    ]);
  });

  it('shows the account’s limits under Quota, and their GPUs on the Quota row once read', async () => {
    const { inference, view } = section();
    const [, quota] = await inference.children(INFERENCE_SECTION);
    assert.equal(quota.view?.description, undefined);
    const limits = await inference.children(quota);
    assert.deepEqual(
      limits.map((row) => [row.view?.label, row.view?.description]),
      [
        ['H100', '0 of 0 in use'],
        ['L40S', '2 of 4 in use'],
        ['CPU millicores', '1000 of 8000 in use'],
      ],
    );
    assert.deepEqual(view.refreshed, [INFERENCE_SECTION]);
    const [, summarised] = await inference.children(INFERENCE_SECTION);
    assert.equal(summarised.view?.description, 'H100 0/0 · L40S 2/4');
    await inference.children(summarised);
    assert.deepEqual(view.refreshed, [INFERENCE_SECTION]);
  });

  it('shows the rows’ code that failed to load as an error row, and loads it again on the next expansion', async () => {
    const { inference } = section({ readsFail: 1 });
    const project = await projectRow(inference);
    assert.deepEqual(labels(await inference.children(project)), ['Failed to load Everywhere Inference']);
    assert.deepEqual(labels(await inference.children(project)), ['Deployments', 'Applications', 'Registry Credentials', 'API Keys']);
    inference.dispose();
  });

  it('says Deploying… on a deployment whose create is followed, before Gcore lists it', async () => {
    const { inference, changes } = section();
    const subject = inferenceDeploymentChange({ projectId: PROJECT, name: 'newbie' }, 'create');
    changes.set(subject.name, subject);
    const rows = await inference.children(await listRow(inference, 'Deployments'));
    assert.deepEqual(
      rows.map((row) => [row.view?.label, row.view?.description, row.view?.contextValue]),
      [
        [
          'llama',
          'active · 1/1 ready · inference-16vcpu-232gib-1xh100-80gb · vllm/vllm-openai:latest',
          ROW_CONTEXT.inferenceDeploymentActive,
        ],
        ['newbie', 'Deploying…', ROW_CONTEXT.inferenceDeploymentBusy],
      ],
    );
    assert.equal(subject.kind, INFERENCE_DEPLOYMENT_KIND);
    inference.dispose();
  });

  it('reads a project again while a deployment moves, once a round, and stops when nothing moves', async () => {
    const { inference, reads, view } = section();
    reads.deploymentList = loaded(
      cloudList([
        deployment('llama', {
          status: 'DEPLOYING',
          containers: [{ region_id: 7, scale: { min: 1, max: 1 }, deploy_status: { ready: 0, total: 1 } }],
        }),
      ]),
    );
    const project = await projectRow(inference);
    await inference.children(project);
    await inference.children(await listRow(inference, 'Deployments'));
    reads.reads.length = 0;
    await later(POLL_MS * 3);
    assert.deepEqual(reads.invalidated, [`deployments ${PROJECT}`]);
    assert.deepEqual(reads.reads, [`deployments ${PROJECT}`]);
    assert.deepEqual(view.refreshed, [project]);
    reads.deploymentList = loaded(cloudList([deployment('llama')]));
    await inference.children(project);
    await later(POLL_MS * 3);
    assert.deepEqual(reads.invalidated, [`deployments ${PROJECT}`]);
    inference.dispose();
  });

  it('says Stopping… on a deployment a stop was sent to, and reads its project until the status shows it', async () => {
    const { inference, reads, view } = section();
    const project = await projectRow(inference);
    await inference.children(project);
    inference.expectStatus({ projectId: PROJECT, name: 'llama' }, 'stop');
    assert.deepEqual(view.refreshed, [INFERENCE_SECTION]);
    const deployments = await listRow(inference, 'Deployments');
    const [stopping] = await inference.children(deployments);
    assert.equal(stopping.view?.description?.split(' · ')[0], 'Stopping…');
    assert.equal(stopping.view?.contextValue, ROW_CONTEXT.inferenceDeploymentBusy);
    await later(POLL_MS * 3);
    assert.ok(reads.invalidated.filter((entry) => entry === `deployments ${PROJECT}`).length >= 2);
    reads.deploymentList = loaded(cloudList([deployment('llama', { status: 'DISABLED', containers: [] })]));
    const [stopped] = await inference.children(deployments);
    assert.equal(stopped.view?.description?.split(' · ')[0], 'stopped');
    const before = reads.invalidated.length;
    await inference.children(project);
    await later(POLL_MS * 3);
    assert.equal(reads.invalidated.length, before);
    inference.dispose();
  });

  it('reads again what a Refresh names, once the rows’ code has loaded', async () => {
    const { inference, reads } = section();
    const project = await projectRow(inference);
    assert.equal(inference.invalidate(project), project);
    assert.deepEqual(reads.invalidated, []);
    const deployments = await listRow(inference, 'Deployments');
    const [row] = await inference.children(deployments);
    const [, region] = await inference.children(row);
    const credentials = await listRow(inference, 'Registry Credentials');
    assert.equal(inference.invalidate(deployments), deployments.parent);
    assert.equal(inference.invalidate(row), deployments);
    assert.equal(inference.invalidate(region), deployments);
    assert.equal(inference.invalidate(credentials), credentials);
    assert.equal(inference.invalidate(project), project);
    assert.equal(inference.invalidate(INFERENCE_SECTION), INFERENCE_SECTION);
    assert.deepEqual(reads.invalidated, [
      ...[`deployments ${PROJECT}`, `applications ${PROJECT}`],
      ...[`deployments ${PROJECT}`, `applications ${PROJECT}`],
      ...[`deployments ${PROJECT}`, `applications ${PROJECT}`],
      `credentials ${PROJECT}`,
      ...[`deployments ${PROJECT}`, `applications ${PROJECT}`, `credentials ${PROJECT}`, `api keys ${PROJECT}`, 'quota'],
      'all',
    ]);
    inference.dispose();
  });

  it("lists a project's API keys with their description, expiry and deployments, marking a key whose secret is not here", async () => {
    const { inference, reads, secretsHeld } = section();
    reads.apiKeyList = loaded(
      cloudList([
        { name: 'team', description: 'For the team', expires_at: null, deployment_names: ['llama'] },
        { name: 'ci', description: null, expires_at: '2027-01-31T23:59:59Z', deployment_names: [] },
        { name: 'old', expires_at: '2025-01-01T00:00:00Z', deployment_names: ['llama', 'rag'] },
      ]),
    );
    secretsHeld.add(`${PROJECT}/team`);
    const keys = await listRow(inference, 'API Keys');
    const rows = await inference.children(keys);
    assert.deepEqual(
      rows.map((row) => [row.view?.label, row.view?.description, row.view?.contextValue]),
      [
        ['team', 'For the team · never expires · used by llama', ROW_CONTEXT.inferenceApiKey],
        ['ci', 'secret not on this machine · expires 2027-01-31 · not attached', ROW_CONTEXT.inferenceApiKeyElsewhere],
        ['old', 'secret not on this machine · expired 2025-01-01 · used by llama, rag', ROW_CONTEXT.inferenceApiKeyElsewhere],
      ],
    );
    assert.match(rows[1].view?.tooltip ?? '', /This key was made elsewhere .+ Make a new key\\, or paste its secret if you have it\\./);
    assert.equal(rows[0].copy?.value, 'team');
    assert.equal(inference.invalidate(rows[0]), keys);
    assert.deepEqual(reads.invalidated, [`api keys ${PROJECT}`]);
  });

  it('says a project has no API keys, and its error row as the other lists do', async () => {
    const { inference, reads } = section();
    reads.apiKeyList = loaded(cloudList([]));
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'API Keys'))), ['No API keys in this project']);
    reads.apiKeyList = failed(SERVER_ERROR);
    const [row] = await inference.children(await listRow(inference, 'API Keys'));
    assert.equal(row.nodeType, 'error');
    assert.equal(row.view?.label, 'Failed to load API keys');
    reads.apiKeyList = failed(MISSING);
    assert.deepEqual(labels(await inference.children(await listRow(inference, 'API Keys'))), ['API keys are not available from this API']);
  });

  it('says under a deployment whether it asks callers for a key', async () => {
    const { inference, reads } = section();
    reads.deploymentList = loaded(cloudList([deployment('llama', { api_keys: ['team'] }), deployment('open', { api_keys: [] })]));
    const [locked, open] = await inference.children(await listRow(inference, 'Deployments'));
    const auth = async (row: TreeNode) => (await inference.children(row)).find((child) => child.id.endsWith('/auth'))?.view;
    assert.deepEqual([(await auth(locked))?.label, (await auth(locked))?.description], ['Auth on', 'team']);
    assert.deepEqual([(await auth(open))?.label, (await auth(open))?.description], ['Auth off', 'no API key attached']);
  });
});
