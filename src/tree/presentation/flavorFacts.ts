import type { GpuFlavor } from '../../api/types';
import { finiteNumber, isRecord, nonEmptyText } from './wireValues';
import { lazy } from './lazy';

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
  vcpus?: number;
  ramMiB?: number;
}

export function readFlavorHardware(flavor: GpuFlavor): FlavorHardware {
  const description = isRecord(flavor.hardware_description) ? flavor.hardware_description : {};
  const properties = isRecord(flavor.hardware_properties) ? flavor.hardware_properties : {};
  return {
    gpuModel: nonEmptyText(properties.gpu_model),
    gpuCount: finiteNumber(properties.gpu_count),
    gpuText: nonEmptyText(description.gpu),
    vcpus: finiteNumber(description.vcpus),
    ramMiB: finiteNumber(description.ram),
  };
}

/** One line such as "1× L40S · 16 vCPU · 96 GiB"; parts the API did not give are left out. */
export function hardwareSummaryParts(hardware: FlavorHardware): string[] {
  const parts: string[] = [];
  const gpu = gpuSummary(hardware);
  if (gpu !== undefined) parts.push(gpu);
  if (hardware.vcpus !== undefined) parts.push(`${formatCount(hardware.vcpus)} vCPU`);
  if (hardware.ramMiB !== undefined) parts.push(formatMemoryMiB(hardware.ramMiB));
  return parts;
}

function gpuSummary({ gpuModel, gpuCount, gpuText }: FlavorHardware): string | undefined {
  if (gpuModel !== undefined) return gpuCount === undefined ? gpuModel : `${formatCount(gpuCount)}× ${gpuModel}`;
  if (gpuText !== undefined) return gpuText;
  return gpuCount === undefined ? undefined : `${formatCount(gpuCount)}× GPU`;
}

const oneDecimal = lazy(() => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }));

/** The wire unit is MiB; GiB reads better from 1 GiB up. */
export function formatMemoryMiB(mib: number): string {
  return mib >= 1024 ? `${formatCount(mib / 1024)} GiB` : `${formatCount(mib)} MiB`;
}

/**
 * Small whole numbers, nearly every count and size on a flavor row, read the same without Intl, and
 * formatting thousands of rows is measurably faster without it.
 */
export function formatCount(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  return oneDecimal().format(value);
}
