import * as l10n from '@vscode/l10n';
import type { InferenceDeployment, InferenceRegionContainer } from '../../../api/inference/inferenceTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { oneLine } from '../../../core/wellFormedText';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { statusWords } from '../../../models/inference/inferenceStatus';
import { nonEmptyText } from '../../presentation/wireValues';
import { deploymentState, regionPods, regionsOf, type DeploymentState } from './deploymentStates';
import { INFERENCE_DEPLOYMENT_CHANGES, type InferenceChange } from './inferenceChangeWords';

/** A change under way on a deployment: one followed as tasks, or a start or stop sent and not yet shown by its status. */
export type DeploymentChange = InferenceChange | 'start' | 'stop';

/** The status in words: PENDING runs at zero pods, DISABLED is stopped; a word the extension does not know, as it came. */
export function deploymentStatusWords(deployment: InferenceDeployment): string {
  return oneLine(statusWords(deployment.status));
}

function changeWords(change: DeploymentChange): string {
  if (change === 'start') return l10n.t('Starting…');
  if (change === 'stop') return l10n.t('Stopping…');
  return INFERENCE_DEPLOYMENT_CHANGES.get(change)!.inProgress();
}

/** The status a change's own word already says ("Deleting…", not "Deleting… · deleting"). */
const STATE_OF_CHANGE: ReadonlyMap<DeploymentChange, DeploymentState> = new Map([
  ['create', 'deploying'],
  ['delete', 'deleting'],
]);

const STATE_ICONS: ReadonlyMap<DeploymentState, NonNullable<ItemView['icon']>> = new Map([
  ['active', { id: 'pass-filled', color: 'testing.iconPassed' }],
  ['partial', { id: 'warning', color: 'list.warningForeground' }],
  ['deploying', { id: 'sync~spin' }],
  ['deleting', { id: 'sync~spin' }],
  ['scaledToZero', { id: 'circle-large-outline' }],
  ['stopped', { id: 'debug-stop', color: 'disabledForeground' }],
]);

function contextOf(state: DeploymentState, change: DeploymentChange | undefined): RowContext {
  if (state === 'deleting' || change === 'delete') return ROW_CONTEXT.inferenceDeploymentDeleting;
  if (change !== undefined || state === 'deploying') return ROW_CONTEXT.inferenceDeploymentBusy;
  if (state === 'active') return ROW_CONTEXT.inferenceDeploymentActive;
  if (state === 'partial') return ROW_CONTEXT.inferenceDeploymentPartial;
  if (state === 'scaledToZero') return ROW_CONTEXT.inferenceDeploymentScaledToZero;
  if (state === 'stopped') return ROW_CONTEXT.inferenceDeploymentStopped;
  return ROW_CONTEXT.inferenceDeployment;
}

/** All regions' pods, "2/3 ready", when Gcore counts them. */
function podsText(deployment: InferenceDeployment): string | undefined {
  const counted = regionsOf(deployment).flatMap((region) => regionPods(region) ?? []);
  if (counted.length === 0) return undefined;
  const ready = counted.reduce((sum, pods) => sum + pods.ready, 0);
  const total = counted.reduce((sum, pods) => sum + pods.total, 0);
  return l10n.t('{0}/{1} ready', ready, total);
}

/**
 * A deployment's row (its tooltip, which hundreds of rows would build for nothing, is deploymentTooltip's, asked on
 * hover): its name, then the change under way, the status in words, the pods ready, flavor and image.
 * `component`: it is a catalogue application's component, which is changed through its application only.
 */
export function deploymentRowView(deployment: InferenceDeployment, change?: DeploymentChange, component = false): ItemView {
  const state = deploymentState(deployment);
  const saidByChange = change !== undefined && STATE_OF_CHANGE.get(change) === state;
  const parts = [
    change === undefined ? undefined : changeWords(change),
    saidByChange || deployment.status === undefined ? undefined : deploymentStatusWords(deployment),
    podsText(deployment),
    nonEmptyText(deployment.flavor_name),
    nonEmptyText(deployment.image),
  ].filter((part): part is string => part !== undefined);
  return {
    label: deployment.name,
    description: parts.map(oneLine).join(' · '),
    icon: change !== undefined ? { id: 'sync~spin' } : { ...(STATE_ICONS.get(state) ?? { id: 'question' }) },
    contextValue: component ? ROW_CONTEXT.inferenceComponent : contextOf(state, change),
  };
}

/** The hover: the deployment's facts, each region's pods, address and error, and where a component is changed. */
export function deploymentTooltip(deployment: InferenceDeployment, component = false): string {
  const rows: [string, string | undefined][] = [
    [l10n.t('Status'), deploymentStatusWords(deployment)],
    [l10n.t('Address'), nonEmptyText(deployment.address)],
    [l10n.t('Flavor'), nonEmptyText(deployment.flavor_name)],
    [l10n.t('Image'), nonEmptyText(deployment.image)],
    [
      l10n.t('Port'),
      deployment.listening_port === null || deployment.listening_port === undefined ? undefined : String(deployment.listening_port),
    ],
    [l10n.t('Registry credential'), nonEmptyText(deployment.credentials_name)],
    [l10n.t('Created'), nonEmptyText(deployment.created_at)],
  ];
  const table = rows
    .filter((row): row is [string, string] => row[1] !== undefined)
    .map(([name, value]) => `| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |`)
    .join('\n');
  const blocks = [`### ${escapeMarkdown(deployment.name)}`, `| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${table}`];
  const regions = regionsOf(deployment).map((region) => `- ${escapeMarkdown(regionLine(region))}`);
  if (regions.length > 0) blocks.push(regions.join('\n'));
  if (component) {
    blocks.push(escapeMarkdown(l10n.t('A component of a catalogue application: it is changed through its application.')));
  }
  return blocks.join('\n\n');
}

/** A region in one line: its pods, its address and Gcore's error. */
function regionLine(region: InferenceRegionContainer): string {
  const view = regionRowView(region);
  return [view.label, view.description].filter(Boolean).join(': ');
}

/**
 * A region's row under its deployment: its name (`name`, as the account's regions give it; its id without one), its
 * pods ready of all, its address, and Gcore's error message when it has one; its id in the tooltip.
 */
export function regionRowView(region: InferenceRegionContainer, name?: string): ItemView {
  const pods = regionPods(region);
  const error = nonEmptyText(region.error_message);
  const address = nonEmptyText(region.address);
  const parts = [
    pods === undefined ? undefined : l10n.t('{0}/{1} ready', pods.ready, pods.total),
    l10n.t('min {0}, max {1}', String(region.scale?.min ?? '?'), String(region.scale?.max ?? '?')),
    error,
    address,
  ].filter((part): part is string => part !== undefined);
  return {
    label: name === undefined ? l10n.t('Region {0}', region.region_id) : oneLine(name),
    description: parts.map(oneLine).join(' · '),
    tooltip: [l10n.t('Region ID {0}', region.region_id), ...(error === undefined ? [] : [l10n.t('Gcore reports: {0}', error)])]
      .map(escapeMarkdown)
      .join('\n\n'),
    icon: error !== undefined ? { id: 'error', color: 'errorForeground' } : { id: 'globe' },
    contextValue: address === undefined ? ROW_CONTEXT.inferenceRegion : ROW_CONTEXT.inferenceRegionWithAddress,
  };
}

/** The deployment's address, the first row under it: where it answers. */
export function addressRowView(address: string): ItemView {
  return {
    label: l10n.t('Address'),
    description: oneLine(address),
    tooltip: escapeMarkdown(l10n.t('Where the deployment answers; per region addresses are on the region rows.')),
    icon: { id: 'link' },
    contextValue: ROW_CONTEXT.inferenceAddress,
  };
}
