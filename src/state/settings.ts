import * as vscode from 'vscode';
import { DEFAULT_CONNECTION, type ConnectionSettings } from '../api';
import { describeProblems } from '../validation/problems';
import { projectRegionKey } from '../core/projectRegion';
import { validateProjectRegion, withLocation, withoutLocation, type ProjectRegion } from '../models/projectRegion';

export const SECTION = 'gcore';
const DEFAULT_TIMEOUT_SECONDS = DEFAULT_CONNECTION.timeoutMs / 1000;
/** The setting's own bounds; settings.json can hold any number, and a huge one overflows Node's timers. */
const MIN_TIMEOUT_SECONDS = 1;
const MAX_TIMEOUT_SECONDS = 600;

export interface LocationsReading {
  locations: ProjectRegion[];
  /** One line per entry of `gcore.locations` that was skipped, naming the field. */
  problems: string[];
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

export function connectionSettings(): ConnectionSettings {
  const settings = config();
  const seconds = settings.get<number>('requestTimeoutSeconds', DEFAULT_TIMEOUT_SECONDS);
  const timeoutSeconds =
    typeof seconds === 'number' && Number.isFinite(seconds)
      ? Math.min(Math.max(seconds, MIN_TIMEOUT_SECONDS), MAX_TIMEOUT_SECONDS)
      : DEFAULT_TIMEOUT_SECONDS;
  return {
    baseUrl: settings.get<string>('apiBaseUrl', DEFAULT_CONNECTION.baseUrl) || DEFAULT_CONNECTION.baseUrl,
    timeoutMs: timeoutSeconds * 1000,
  };
}

const DEFAULT_POLL_SECONDS = 3;
const DEFAULT_TASK_TIMEOUT_MINUTES = 30;

function boundedNumber(value: unknown, fallback: number, min: number, max: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, min), max) : fallback;
}

/** How tasks are followed: `gcore.tasks.pollIntervalSeconds` and `gcore.tasks.timeoutMinutes`, held to their bounds. */
export function taskSettings(): { intervalMs: number; timeoutMs: number } {
  const settings = config();
  const seconds = boundedNumber(settings.get('tasks.pollIntervalSeconds'), DEFAULT_POLL_SECONDS, 1, 600);
  const minutes = boundedNumber(settings.get('tasks.timeoutMinutes'), DEFAULT_TASK_TIMEOUT_MINUTES, 1, 1440);
  return { intervalMs: seconds * 1000, timeoutMs: minutes * 60_000 };
}

/** How many log lines are asked for (sent as `limit`, the API's bounds) and how often a followed log is read again. */
export function logSettings(): { lines: number; followIntervalMs: number } {
  const settings = config();
  const lines = Math.round(boundedNumber(settings.get('logs.lines'), 1000, 1, 100_000));
  const seconds = boundedNumber(settings.get('logs.followIntervalSeconds'), 5, 1, 600);
  return { lines, followIntervalMs: seconds * 1000 };
}

/** The configured locations, valid and without duplicates; invalid entries are reported, not fatal. */
export function readLocations(): LocationsReading {
  const raw = config().get<unknown>('locations', []);
  const entries = Array.isArray(raw) ? raw : [];
  const problems: string[] = Array.isArray(raw) ? [] : [vscode.l10n.t('gcore.locations must be an array')];
  const seen = new Set<string>();
  const locations: ProjectRegion[] = [];
  entries.forEach((entry, index) => {
    const checked = validateProjectRegion(entry);
    if (!checked.ok) {
      problems.push(vscode.l10n.t('gcore.locations[{0}] was skipped: {1}', index, describeProblems(checked.problems)));
      return;
    }
    const key = projectRegionKey(checked.value);
    if (seen.has(key)) return;
    seen.add(key);
    locations.push(checked.value);
  });
  return { locations, problems };
}

/**
 * Where a change to `gcore.locations` must go so that it takes effect (where the value is set now), and
 * the value there as the user wrote it.
 */
function locationsWhereSet(): { target: vscode.ConfigurationTarget; entries: unknown } {
  const inspected = config().inspect('locations');
  if (inspected?.workspaceFolderValue !== undefined) {
    return { target: vscode.ConfigurationTarget.WorkspaceFolder, entries: inspected.workspaceFolderValue };
  }
  if (inspected?.workspaceValue !== undefined) return { target: vscode.ConfigurationTarget.Workspace, entries: inspected.workspaceValue };
  return { target: vscode.ConfigurationTarget.Global, entries: inspected?.globalValue };
}

/** Adds the location (replacing the label of an existing one); returns whether it was new. */
export async function addLocation(location: ProjectRegion): Promise<boolean> {
  const { target, entries } = locationsWhereSet();
  const next = withLocation(entries, location);
  await config().update('locations', next.entries, target);
  return next.added;
}

export async function removeLocation(location: ProjectRegion): Promise<boolean> {
  const { target, entries } = locationsWhereSet();
  const next = withoutLocation(entries, location);
  if (!next.removed) return false;
  await config().update('locations', next.entries, target);
  return true;
}

/**
 * Which agent tools are offered: `gcore.agentTools.reads` and `.writes` for VS Code's language model tools
 * (a write still asks before it runs), and `gcore.mcpServer.allowWrites` for the MCP server VS Code starts.
 */
export function agentToolSettings(): { reads: boolean; writes: boolean; mcpWrites: boolean } {
  const settings = config();
  return {
    reads: settings.get<boolean>('agentTools.reads', true) !== false,
    writes: settings.get<boolean>('agentTools.writes', true) !== false,
    mcpWrites: settings.get<boolean>('mcpServer.allowWrites', false) === true,
  };
}
