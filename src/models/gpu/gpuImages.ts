import type { GpuImage } from '../../api/gpu/gpuClusterTypes';
import { utcTimeMs } from '../../core/utcTime';

/*
 * Which images suit a flavor, and in which order (GPU notes §2.7): no API field links the two. Each product has its
 * own image list (so a flavor's kind is the list asked for); the architectures must match; the newest comes first
 * by `created_at` (the guides' "first is the latest" is no guarantee); `eni` images are built for InfiniBand, so
 * they are suggested for a flavor with InfiniBand and not for one without.
 */

export interface GpuImageChoice {
  image: GpuImage;
  /** The NVIDIA driver and CUDA toolkit versions, from the image's fields or else its name; undefined when neither says. */
  driver?: string;
  cuda?: string;
  infiniband: boolean;
  /** The one image the picker offers first: the newest that matches the flavor's InfiniBand. */
  suggested: boolean;
}

/** Gcore's image names carry both versions: `…-580.126.20-open-13.0.2-…` or `…-550.163.01-12.4.1-…`. */
const VERSIONS_IN_NAME = /-(\d{3}\.\d+(?:\.\d+)?)-(?:open-|proprietary-)?(\d{2}\.\d+(?:\.\d+)?)-/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function imageVersions(image: Pick<GpuImage, 'name' | 'gpu_driver_version' | 'cuda_toolkit_version'>): {
  driver?: string;
  cuda?: string;
} {
  const fromName = VERSIONS_IN_NAME.exec(image.name);
  return {
    driver: text(image.gpu_driver_version) ?? fromName?.[1],
    cuda: text(image.cuda_toolkit_version) ?? fromName?.[2],
  };
}

/** "Images with the `eni` suffix are configured for InfiniBand interconnect" (both create guides). */
export function isInfinibandImage(image: Pick<GpuImage, 'name'>): boolean {
  return /(^|-)eni(-|$)/.test(image.name);
}

/** A flavor has InfiniBand when its hardware names an InfiniBand NIC (`nic_ib`). */
export function hasInfiniband(flavor: { hardware_properties?: { [key: string]: unknown } | null }): boolean {
  return text(flavor.hardware_properties?.nic_ib) !== undefined;
}

function createdMs(image: GpuImage): number {
  const created = text(image.created_at);
  const ms = created === undefined ? Number.NaN : utcTimeMs(created);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * The images a cluster of this flavor can boot, newest first: those of another architecture and those Gcore
 * does not call active are left out. The suggested one (the newest of the flavor's InfiniBand) comes first.
 */
export function imagesForFlavor(
  images: readonly GpuImage[],
  flavor: { architecture?: string | null; hardware_properties?: { [key: string]: unknown } | null },
): GpuImageChoice[] {
  const architecture = text(flavor.architecture);
  const infinibandFlavor = hasInfiniband(flavor);
  const usable = images
    .filter((image) => image.status === undefined || image.status === null || image.status === 'active')
    .filter((image) => architecture === undefined || text(image.architecture) === undefined || image.architecture === architecture)
    .sort((a, b) => createdMs(b) - createdMs(a) || a.name.localeCompare(b.name));
  const suggested = usable.find((image) => isInfinibandImage(image) === infinibandFlavor) ?? usable[0];
  const choices = usable.map((image) => ({
    image,
    ...imageVersions(image),
    infiniband: isInfinibandImage(image),
    suggested: image === suggested,
  }));
  return [...choices.filter((choice) => choice.suggested), ...choices.filter((choice) => !choice.suggested)];
}
