import * as assert from 'node:assert/strict';
import type { GpuImage, GpuKind } from '../../../../src/api/gpu/gpuClusterTypes';
import { offeredVolumeTypes, validateGpuClusterCreate, type OfferedVolumeTypes } from '../../../../src/models/gpu/gpuClusterCreate';
import { BACK } from '../../../../src/ui/promptUi';
import { runWizard } from '../../../../src/ui/wizard';
import {
  gpuClusterPayload,
  gpuClusterPlan,
  type GpuClusterAnswers,
  type GpuClusterSources,
} from '../../../../src/ui/gpu/gpuClusterCreateWizard';
import type { Answer } from '../../../extension/support/scriptedUi';
import { RecordingUi } from '../recordingUi';

const L40S = 'g3-ai-32-192-1500-l40s-48-1';
const H100 = 'g3-ai-24-232-1250-h100-80-1';
const BM = 'bm3-ai-1xlarge-h100-80-8';

const IMAGES: Record<GpuKind, GpuImage[]> = {
  virtual: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'ubuntu-22.04-x64-nvidia-550.163.01-12.4.1',
      created_at: '2025-01-01T00:00:00Z',
      min_disk: 40,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'ubuntu-24.04-x64-nvidia-580.126.20-open-13.0.2-big',
      created_at: '2026-01-01T00:00:00Z',
      min_disk: 200,
    },
  ],
  baremetal: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'ubuntu-22.04-x64-nvidia-550.163.01-12.4.1-eni',
      created_at: '2025-06-01T00:00:00Z',
    },
  ],
};

function sources(volumeTypes: OfferedVolumeTypes = { types: ['cold', 'ssd_hiiops', 'standard'], fromRegion: true }): GpuClusterSources {
  return {
    flavors: [
      { name: L40S, kind: 'virtual', price: '€1.20/h', outOfStock: false, flavor: {} },
      { name: H100, kind: 'virtual', price: undefined, outOfStock: true, flavor: {} },
      { name: BM, kind: 'baremetal', price: '€20.00/h', outOfStock: false, flavor: { hardware_properties: { nic_ib: '2x400G' } } },
    ],
    images: async (kind) => IMAGES[kind],
    volumeTypes: async () => volumeTypes,
    keys: async () => [
      { name: 'laptop', onThisMachine: true },
      { name: 'colleague', onThisMachine: false },
    ],
    newKey: async () => 'made-here',
  };
}

async function walk(answers: Answer[], state: GpuClusterAnswers = {}, read = sources()) {
  const ui = new RecordingUi(answers);
  await runWizard(state, (answered) => gpuClusterPlan(ui, read, answered));
  ui.assertAllAnswersUsed();
  return { state, ui, prompts: ui.prompts() };
}

const VIRTUAL_WALK: Answer[] = [
  L40S,
  'ubuntu-24.04-x64-nvidia-580.126.20-open-13.0.2-big',
  '0',
  '2',
  '150',
  '250',
  'ssd_hiiops',
  'Public network, IPv4',
  'laptop',
  'x',
  'train-1',
];

describe('New GPU Cluster wizard', () => {
  it('offers flavors in stock with their price, images newest first, and checks each value before the next step', async () => {
    const { state, prompts } = await walk(VIRTUAL_WALK);
    const [flavor, image, servers, size, type, , key, name] = prompts;
    assert.deepEqual(
      flavor.items?.map((item) => [item.label, item.description]),
      [
        [L40S, 'virtual · €1.20/h'],
        [BM, 'bare metal · €20.00/h'],
      ],
    );
    assert.match(flavor.placeholder ?? '', new RegExp(`Out of stock, not offered: ${H100}`));
    assert.equal(image.items?.[0].label, 'ubuntu-24.04-x64-nvidia-580.126.20-open-13.0.2-big');
    assert.match(image.items?.[0].description ?? '', /driver 580\.126\.20 · CUDA 13\.0\.2/);
    assert.equal(servers.validationMessages.length, 1);
    assert.match(servers.validationMessages[0], /^Servers: /);
    assert.equal(size.value, '200', "the boot volume opens at the image's minimum when it is above 120 GiB");
    assert.match(size.validationMessages[0], /at least 200 GiB/);
    assert.deepEqual(
      type.items?.map((item) => item.label),
      ['ssd_hiiops', 'cold', 'standard'],
      "the region's types, the guide's first",
    );
    assert.match(type.placeholder ?? '', /The types this region offers\.$/);
    assert.deepEqual(
      key.items?.map((item) => [item.label, item.description]),
      [
        ['laptop', 'its private key is on this machine'],
        ['colleague', 'its private key is not on this machine'],
        ['New SSH Key…', 'a key of this machine, or a new pair made here'],
        ['No SSH Key', 'the servers cannot be reached by SSH'],
      ],
    );
    assert.match(name.validationMessages[0], /^Name: /);
    const payload = gpuClusterPayload(state);
    assert.deepEqual(payload, {
      name: 'train-1',
      flavor: L40S,
      servers_count: 2,
      servers_settings: {
        interfaces: [{ type: 'external', ip_family: 'ipv4' }],
        volumes: [
          {
            source: 'image',
            image_id: '22222222-2222-4222-8222-222222222222',
            size: 250,
            type: 'ssd_hiiops',
            name: 'train-1-boot',
            boot_index: 0,
          },
        ],
        credentials: { ssh_key_name: 'laptop' },
      },
    });
    assert.ok(validateGpuClusterCreate('virtual', payload).ok);
  });

  it('offers every volume type, and says so, when the region does not say which it offers', async () => {
    const { prompts } = await walk(VIRTUAL_WALK, {}, sources(offeredVolumeTypes(undefined)));
    const type = prompts[4];
    assert.deepEqual(
      type.items?.map((item) => item.label),
      ['ssd_hiiops', 'cold', 'ssd_local', 'ssd_lowlatency', 'standard', 'ultra'],
    );
    assert.match(type.placeholder ?? '', /Gcore did not say which types this region offers: every type is listed\.$/);
  });

  it('goes Back from the last step to the first, each step reopening with what was chosen', async () => {
    const forward: Answer[] = [
      L40S,
      'ubuntu-24.04-x64-nvidia-580.126.20-open-13.0.2-big',
      '2',
      '250',
      'ssd_hiiops',
      'Public network, IPv4',
      'laptop',
    ];
    const back: Answer[] = [BACK, BACK, BACK, BACK, BACK, BACK, BACK, BACK];
    const { state, prompts } = await walk([...forward, ...back, ...forward, 'train-1']);
    const backPrompts = prompts.slice(7, 15);
    assert.deepEqual(
      backPrompts.map((prompt) => prompt.step),
      [8, 7, 6, 5, 4, 3, 2, 1],
    );
    assert.equal(prompts[7].canGoBack, true);
    assert.equal(prompts[14].canGoBack, false);
    assert.equal(backPrompts.find((prompt) => prompt.step === 3)?.value, '2');
    assert.equal(backPrompts.find((prompt) => prompt.step === 4)?.value, '250');
    assert.equal(backPrompts.find((prompt) => prompt.step === 1)?.items?.find((item) => item.picked)?.label, L40S);
    assert.equal(state.name, 'train-1');
    assert.equal(state.bootSize, 250);
  });

  it('asks a bare-metal flavor for no boot volume and names its image at the top', async () => {
    const { state, prompts } = await walk([
      BM,
      'ubuntu-22.04-x64-nvidia-550.163.01-12.4.1-eni',
      '1',
      'Public network, IPv4 and IPv6',
      'No SSH Key',
      'bm-1',
    ]);
    assert.equal(prompts[0].totalSteps, 8, 'the first plan counts the boot volume steps');
    assert.equal(prompts[2].totalSteps, 6);
    const payload = gpuClusterPayload(state);
    assert.deepEqual(payload, {
      name: 'bm-1',
      flavor: BM,
      image_id: '33333333-3333-4333-8333-333333333333',
      servers_count: 1,
      servers_settings: { interfaces: [{ type: 'external', ip_family: 'dual' }] },
    });
    assert.ok(validateGpuClusterCreate('baremetal', payload).ok);
  });

  it('keeps the flavor a row chose, and forgets the image when another flavor is chosen', async () => {
    const { prompts, state } = await walk(
      [
        L40S,
        'ubuntu-22.04-x64-nvidia-550.163.01-12.4.1',
        BACK,
        BACK,
        BM,
        'ubuntu-22.04-x64-nvidia-550.163.01-12.4.1-eni',
        '1',
        'Public network, IPv4',
        'laptop',
        'bm-2',
      ],
      { flavor: L40S, kind: 'virtual' },
    );
    assert.equal(prompts[0].items?.[0].picked, true);
    assert.equal(prompts[0].items?.[0].label, L40S);
    assert.equal(state.kind, 'baremetal');
    assert.equal(state.imageId, '33333333-3333-4333-8333-333333333333');
  });
});
