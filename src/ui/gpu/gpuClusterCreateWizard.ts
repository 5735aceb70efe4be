import * as l10n from '@vscode/l10n';
import type { GpuImage, GpuKind } from '../../api/gpu/gpuClusterTypes';
import {
  BOOT_VOLUME_SIZE_FIELD,
  bootVolumeSizeProblem,
  defaultBootVolumeSize,
  defaultVolumeType,
  GPU_CLUSTER_NAME_FIELD,
  GPU_SERVERS_COUNT_FIELD,
  type GpuClusterCreate,
  type OfferedVolumeTypes,
} from '../../models/gpu/gpuClusterCreate';
import type { GpuFlavorChoice, GpuKeyChoice } from '../../models/gpu/gpuClusterOffers';
import { imagesForFlavor, type GpuImageChoice } from '../../models/gpu/gpuImages';
import { promptField } from '../fieldInput';
import { BACK, type Back, type PromptUi } from '../promptUi';
import type { StepContext, WizardStep } from '../wizard';

/*
 * New GPU Cluster's steps: flavor, image, servers, boot volume (virtual only), network, SSH key, name. Each answer
 * is checked with its field's spec before the next step; the answers stay in the draft, so Back and Edit reopen
 * each step with what was chosen.
 */

/** What the wizard reads from Gcore and this machine (each read once per wizard), and how a new key is made. */
export interface GpuClusterSources {
  flavors: readonly GpuFlavorChoice[];
  images(kind: GpuKind): Promise<GpuImage[]>;
  /** The boot volume types the region offers, or every one when it does not say. */
  volumeTypes(): Promise<OfferedVolumeTypes>;
  keys(): Promise<GpuKeyChoice[]>;
  /** Asks for and uploads a new key; its name, or BACK to return to the key step. */
  newKey(position: StepContext): Promise<string | Back>;
}

export type GpuNetworkChoice = 'ipv4' | 'dual' | 'ipv6';

/** The answers so far, kept whole through Back, Edit after the review and Edit after a failed create. */
export interface GpuClusterAnswers {
  flavor?: string;
  kind?: GpuKind;
  imageId?: string;
  serversCount?: number;
  bootSize?: number;
  bootType?: string;
  network?: GpuNetworkChoice;
  /** The project key's name; null for none. */
  sshKeyName?: string | null;
  name?: string;
}

const NEW_KEY = Symbol('newKey');

export function gpuClusterTitle(): string {
  return l10n.t('Gcore: New GPU Cluster');
}

/** The flavor's choice among those read, by name and, when known, kind (names may repeat across kinds). */
function chosenFlavor(flavors: readonly GpuFlavorChoice[], answers: GpuClusterAnswers): GpuFlavorChoice | undefined {
  return flavors.find((choice) => choice.name === answers.flavor && (answers.kind === undefined || choice.kind === answers.kind));
}

/** A step's choices with the one chosen before first, so that Back and Edit open on it. */
function currentFirst<T>(items: readonly T[], isCurrent: (item: T) => boolean): T[] {
  return [...items.filter(isCurrent), ...items.filter((item) => !isCurrent(item))];
}

/** What an image offers a flavor, beside its name: "driver 580.126.20 · CUDA 13.0.2 · InfiniBand · suggested". */
export function imageFacts(choice: GpuImageChoice): string {
  return [
    choice.driver && l10n.t('driver {0}', choice.driver),
    choice.cuda && l10n.t('CUDA {0}', choice.cuda),
    choice.infiniband && l10n.t('InfiniBand'),
    choice.suggested && l10n.t('suggested'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The steps; a bare-metal flavor has no boot volume to ask for. */
export function gpuClusterPlan(ui: PromptUi, sources: GpuClusterSources, answers: GpuClusterAnswers): WizardStep<GpuClusterAnswers>[] {
  const title = gpuClusterTitle();
  const flavorStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const inStock = sources.flavors.filter((choice) => !choice.outOfStock);
      const outOfStock = sources.flavors.filter((choice) => choice.outOfStock).map((choice) => choice.name);
      const current = chosenFlavor(inStock, state);
      const picked = await ui.pick<GpuFlavorChoice>({
        title,
        ...position,
        placeholder:
          outOfStock.length === 0
            ? l10n.t('Which flavor? Each server has its GPUs, CPUs and memory.')
            : l10n.t('Which flavor? Out of stock, not offered: {0}', outOfStock.join(', ')),
        items: currentFirst(inStock, (choice) => choice === current).map((choice) => ({
          label: choice.name,
          description: [
            choice.kind === 'baremetal' ? l10n.t('bare metal') : l10n.t('virtual'),
            choice.price ?? l10n.t('price not available'),
          ].join(' · '),
          value: choice,
          picked: choice === current,
        })),
      });
      if (picked === BACK) return BACK;
      if (picked.name !== state.flavor || picked.kind !== state.kind) {
        // Another flavor may be another kind with other images: the image chosen for the previous one is not kept.
        delete state.imageId;
        delete state.bootSize;
      }
      state.flavor = picked.name;
      state.kind = picked.kind;
    },
  };
  const imageStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const flavor = chosenFlavor(sources.flavors, state);
      const kind = state.kind ?? 'virtual';
      const choices = imagesForFlavor(await sources.images(kind), flavor?.flavor ?? {});
      if (choices.length === 0) throw new Error(l10n.t('Gcore lists no image for flavor {0} in this location.', state.flavor ?? ''));
      const current = choices.find((choice) => choice.image.id === state.imageId);
      const picked = await ui.pick<GpuImage>({
        title,
        ...position,
        placeholder: l10n.t('Which image do the servers boot? The newest first.'),
        items: choices.map((choice) => ({
          label: choice.image.name,
          description: imageFacts(choice),
          value: choice.image,
          picked: choice === current,
        })),
      });
      if (picked === BACK) return BACK;
      if (picked.id !== state.imageId) state.bootSize = defaultBootVolumeSize(picked);
      state.imageId = picked.id;
    },
  };
  const serversStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, GPU_SERVERS_COUNT_FIELD, { title, ...position }, state.serversCount ?? 1);
      if (answer === BACK) return BACK;
      state.serversCount = answer as number;
    },
  };
  const bootSizeStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const image = (await sources.images(state.kind ?? 'virtual')).find((candidate) => candidate.id === state.imageId);
      const answer = await promptField(
        ui,
        BOOT_VOLUME_SIZE_FIELD,
        { title, ...position },
        state.bootSize ?? defaultBootVolumeSize(image ?? {}),
        {
          prompt: l10n.t('Boot volume size in GiB: at least the minimum of the image, 120 GiB by default.'),
          check: (text) => (image ? bootVolumeSizeProblem(Number(text), image) : undefined),
        },
      );
      if (answer === BACK) return BACK;
      state.bootSize = answer as number;
    },
  };
  const bootTypeStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const offered = await sources.volumeTypes();
      const current = state.bootType ?? defaultVolumeType(offered.types);
      const picked = await ui.pick<string>({
        title,
        ...position,
        placeholder: offered.fromRegion
          ? l10n.t('Which volume type for the boot volume? The types this region offers.')
          : l10n.t('Which volume type for the boot volume? Gcore did not say which types this region offers: every type is listed.'),
        items: currentFirst(offered.types, (type) => type === current).map((type) => ({
          label: type,
          value: type,
          picked: type === current,
        })),
      });
      if (picked === BACK) return BACK;
      state.bootType = picked;
    },
  };
  const networkStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const current = state.network ?? 'ipv4';
      const items: { label: string; value: GpuNetworkChoice }[] = [
        { label: l10n.t('Public network, IPv4'), value: 'ipv4' },
        { label: l10n.t('Public network, IPv4 and IPv6'), value: 'dual' },
        { label: l10n.t('Public network, IPv6'), value: 'ipv6' },
      ];
      const picked = await ui.pick<GpuNetworkChoice>({
        title,
        ...position,
        placeholder: l10n.t("How are the servers reached? Each gets an address on Gcore's external network."),
        items: currentFirst(items, (item) => item.value === current).map((item) => ({
          ...item,
          picked: item.value === current,
        })),
      });
      if (picked === BACK) return BACK;
      state.network = picked;
    },
  };
  const keyStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const keys = await sources.keys();
      const picked = await ui.pick<string | null | typeof NEW_KEY>({
        title,
        ...position,
        placeholder: l10n.t('Which SSH key may reach the servers?'),
        items: [
          ...keys.map((key) => ({
            label: key.name,
            description: key.onThisMachine
              ? l10n.t('its private key is on this machine')
              : l10n.t('its private key is not on this machine'),
            value: key.name,
            picked: key.name === state.sshKeyName,
          })),
          { label: l10n.t('New SSH Key…'), description: l10n.t('a key of this machine, or a new pair made here'), value: NEW_KEY },
          {
            label: l10n.t('No SSH Key'),
            description: l10n.t('the servers cannot be reached by SSH'),
            value: null,
            picked: state.sshKeyName === null,
          },
        ],
      });
      if (picked === BACK) return BACK;
      if (picked === NEW_KEY) {
        const created = await sources.newKey(position);
        if (created === BACK) return keyStep.run(state, position);
        state.sshKeyName = created;
        return;
      }
      state.sshKeyName = picked;
    },
  };
  const nameStep: WizardStep<GpuClusterAnswers> = {
    run: async (state, position) => {
      const answer = await promptField(ui, GPU_CLUSTER_NAME_FIELD, { title, ...position }, state.name);
      if (answer === BACK) return BACK;
      state.name = answer as string;
    },
  };
  const volumeSteps = answers.kind === 'baremetal' ? [] : [bootSizeStep, bootTypeStep];
  return [flavorStep, imageStep, serversStep, ...volumeSteps, networkStep, keyStep, nameStep];
}

/** The create payload the answers stand for; the caller checks it whole with `validateGpuClusterCreate`. */
export function gpuClusterPayload(answers: GpuClusterAnswers): GpuClusterCreate {
  const kind = answers.kind ?? 'virtual';
  const settings: GpuClusterCreate['servers_settings'] = {
    interfaces: [{ type: 'external', ip_family: answers.network ?? 'ipv4' }],
    ...(kind === 'virtual' && {
      volumes: [
        {
          source: 'image' as const,
          image_id: answers.imageId,
          size: answers.bootSize ?? 0,
          type: answers.bootType ?? '',
          name: bootVolumeName(answers.name ?? ''),
          boot_index: 0,
        },
      ],
    }),
    ...(answers.sshKeyName ? { credentials: { ssh_key_name: answers.sshKeyName } } : {}),
  };
  return {
    name: answers.name ?? '',
    flavor: answers.flavor ?? '',
    ...(kind === 'baremetal' && { image_id: answers.imageId }),
    servers_count: answers.serversCount ?? 0,
    servers_settings: settings,
  };
}

/** The boot volume is named after its cluster, within the 63 characters a volume name may have. */
function bootVolumeName(clusterName: string): string {
  return `${clusterName.slice(0, 58)}-boot`;
}
