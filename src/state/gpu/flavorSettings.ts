import * as vscode from 'vscode';
import type { FlavorFilters } from '../../loaders/gpu/flavorLoader';
import { SECTION } from '../settings';

/** Which GPU flavors are listed: `gcore.gpuFlavors.hideDisabled` and `gcore.gpuFlavors.includePrices`. */
export function flavorFilters(): FlavorFilters {
  const settings = vscode.workspace.getConfiguration(SECTION);
  return {
    hideDisabled: settings.get<boolean>('gpuFlavors.hideDisabled', true) === true,
    includePrices: settings.get<boolean>('gpuFlavors.includePrices', false) === true,
  };
}
