import * as l10n from '@vscode/l10n';
import { remembered } from '../../../core/boundedMemory';
import type { GpuFlavor } from '../../../api/gpu/gpuFlavorTypes';
import { finiteNumber, isRecord, nonEmptyText } from '../../presentation/wireValues';
import { lazy } from '../../presentation/lazy';
import { rowMessage } from '../../presentation/rowMessage';

const vcpuText = rowMessage((count: string) => l10n.t('{0} vCPU', count));
const gpusOfModelText = rowMessage((count: string, model: string) => l10n.t('{0}× {1}', count, model));
const gpusText = rowMessage((count: string) => l10n.t('{0}× GPU', count));
const gibText = rowMessage((size: string) => l10n.t('{0} GiB', size));
const mibText = rowMessage((size: string) => l10n.t('{0} MiB', size));

/** Flavor names are required by the wire format, but a row must still render if one is missing. */
export function flavorName(flavor: GpuFlavor): string {
  return typeof flavor.name === 'string' ? flavor.name : '';
}

/** The hardware facts a flavor row shows, read defensively: the API may omit or null any of them. */
export interface FlavorHardware {
  gpuModel?: string;
  gpuCount?: number;
  /** Free text such as "1x NVIDIA 11GB", used when the structured model is missing. */
  gpuText?: string;
  /** Memory per GPU as the free text gives it ("80GB" → "80 GB"); the structured fields have none. */
  gpuMemory?: string;
  vcpus?: number;
  ramMiB?: number;
}

export function readFlavorHardware(flavor: GpuFlavor): FlavorHardware {
  const description = isRecord(flavor.hardware_description) ? flavor.hardware_description : {};
  const properties = isRecord(flavor.hardware_properties) ? flavor.hardware_properties : {};
  const gpuText = nonEmptyText(description.gpu);
  return {
    gpuModel: readableModel(nonEmptyText(properties.gpu_model)),
    gpuCount: finiteNumber(properties.gpu_count),
    gpuText,
    gpuMemory: gpuText === undefined ? undefined : gpuMemoryOf(gpuText),
    vcpus: finiteNumber(description.vcpus),
    ramMiB: finiteNumber(description.ram),
  };
}

/** One line such as "1× L40S 48 GB · 16 vCPU · 96 GiB"; parts the API did not give are left out. */
export function hardwareSummaryParts(hardware: FlavorHardware): string[] {
  const parts: string[] = [];
  const gpu = gpuSummary(hardware);
  if (gpu !== undefined) parts.push(gpu);
  if (hardware.vcpus !== undefined) parts.push(vcpuText(formatCount(hardware.vcpus)));
  if (hardware.ramMiB !== undefined) parts.push(formatMemoryMiB(hardware.ramMiB));
  return parts;
}

/** Real flavors name models in lower case ("h100", "l40s"); the product names are upper case. */
function readableModel(model: string | undefined): string | undefined {
  return model !== undefined && /^[a-z0-9-]+$/.test(model) ? model.toUpperCase() : model;
}

/** A region has thousands of flavors but a handful of GPU texts: each is read once. */
const gpuMemoryByText = new Map<string, string | undefined>();
const GPU_TEXTS_REMEMBERED = 256;

function gpuMemoryOf(text: string): string | undefined {
  return remembered(gpuMemoryByText, text, GPU_TEXTS_REMEMBERED, readGpuMemory);
}

function readGpuMemory(text: string): string | undefined {
  const match = /(\d+(?:\.\d+)?)\s*(GB|GiB|TB)\b/i.exec(text);
  return match ? `${match[1]} ${match[2].toUpperCase() === 'GIB' ? 'GiB' : match[2].toUpperCase()}` : undefined; // not user text: the unit the API's GPU text names, its case normalised
}

/**
 * A flavor's GPUs as its row says them ("8× H100 80 GB"). A bare-metal flavor's shape differs only in its
 * CPU, RAM and disk, which are strings there; the GPU fields are read as for a virtual one.
 */
export function flavorGpuText(
  flavor: Pick<GpuFlavor, 'hardware_properties'> & { hardware_description?: { gpu?: string | null } | null },
): string | undefined {
  return gpuSummary(readFlavorHardware(flavor as GpuFlavor));
}

function gpuSummary({ gpuModel, gpuCount, gpuText, gpuMemory }: FlavorHardware): string | undefined {
  if (gpuModel !== undefined) {
    const model = gpuMemory === undefined ? gpuModel : `${gpuModel} ${gpuMemory}`;
    return gpuCount === undefined ? model : gpusOfModelText(formatCount(gpuCount), model);
  }
  if (gpuText !== undefined) return gpuText;
  return gpuCount === undefined ? undefined : gpusText(formatCount(gpuCount));
}

const oneDecimal = lazy(() => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }));

/** The wire unit is MiB; GiB reads better from 1 GiB up. */
export function formatMemoryMiB(mib: number): string {
  return mib >= 1024 ? gibText(formatCount(mib / 1024)) : mibText(formatCount(mib));
}

/**
 * Small whole numbers, nearly every count and size on a flavor row, read the same without Intl, and
 * formatting thousands of rows is measurably faster without it.
 */
export function formatCount(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  return oneDecimal().format(value);
}
