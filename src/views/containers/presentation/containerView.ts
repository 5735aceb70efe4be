import * as l10n from '@vscode/l10n';
import type { Container } from '../../../api/containers/containerTypes';
import { ROW_CONTEXT, type RowContext } from '../../../core/contributions';
import { utcTimeMs } from '../../../core/utcTime';
import { containerStatus, type ContainerAction } from '../../../models/containers/container';
import { scaleText } from '../../../models/containers/containerScale';
import { escapeMarkdown, type ItemView } from '../../presentation/itemView';
import { CONTAINER_CHANGES } from './containerChangeWords';
import { finiteNumber, isRecord, nonEmptyText } from '../../presentation/wireValues';

/**
 * How each status the guides name is shown; any other value is shown as it comes, with a neutral icon (a
 * Map: Gcore's word may be `constructor` or `__proto__`).
 */
const STATUS_ICONS: ReadonlyMap<string, NonNullable<ItemView['icon']>> = new Map([
  ['ready', { id: 'pass-filled', color: 'testing.iconPassed' }],
  ['deploying', { id: 'sync~spin' }],
  ['pending', { id: 'clock' }],
  ['disabled', { id: 'circle-slash', color: 'disabledForeground' }],
  ['error', { id: 'error', color: 'errorForeground' }],
]);

/** "ready/total" instances, when Gcore reports both. */
export function instancesText(container: Container): string | undefined {
  const deploy = isRecord(container.deploy_status) ? container.deploy_status : undefined;
  const ready = finiteNumber(deploy?.ready);
  const total = finiteNumber(deploy?.total);
  return ready === undefined || total === undefined ? undefined : `${ready}/${total}`;
}

/**
 * A container's row: its name, then status in words (icons alone fail colour-blind users and high-contrast
 * themes), ready/total instances and image. The words lead because VS Code cuts descriptions at the end.
 * The hover is built when asked for (`containerTooltip`): a location can hold thousands of containers.
 */
export function containerRowView(container: Container, change?: ContainerAction): ItemView {
  // A container created here is shown before Gcore lists it: it has no status of its own yet.
  const status =
    change === 'create' && (container.status === undefined || container.status === null) ? undefined : containerStatus(container);
  // While a change made here is followed, that comes first: the status read before it is about to change.
  const parts = [
    change ? CONTAINER_CHANGES.get(change)?.inProgress() : undefined,
    status,
    instancesText(container),
    nonEmptyText(container.image),
  ].filter((part): part is string => part !== undefined);
  return {
    label: container.name,
    description: parts.join(' · '),
    icon: change ? { id: 'sync~spin' } : { ...(STATUS_ICONS.get((status ?? '').toLowerCase()) ?? { id: 'question' }) },
    contextValue:
      change === 'delete'
        ? ROW_CONTEXT.containerDeleting
        : nonEmptyText(container.address)
          ? ROW_CONTEXT.containerWithAddress
          : ROW_CONTEXT.container,
  };
}

export interface ContainerDetailRow {
  key: string;
  label: string;
  /** What Copy Value copies (for an environment variable, its value, shown only when asked). */
  value: string;
  view: ItemView;
}

/** Every field of a container as child rows; environment variables show their names, values on request. */
export function containerDetailRows(container: Container, revealed: ReadonlySet<string> = new Set()): ContainerDetailRow[] {
  const rows: ContainerDetailRow[] = [];
  const add = (
    key: string,
    label: string,
    value: string | undefined,
    icon: string,
    contextValue: RowContext = ROW_CONTEXT.containerDetail,
  ) => {
    if (value === undefined) return;
    rows.push({
      key,
      label,
      value,
      view: {
        label,
        description: value,
        tooltip: `**${escapeMarkdown(label)}**\n\n${escapeMarkdown(value)}`,
        icon: { id: icon },
        contextValue,
      },
    });
  };
  const message = nonEmptyText(container.status_message);
  add('status', l10n.t('Status'), message ? `${containerStatus(container)}: ${message}` : containerStatus(container), 'pulse');
  add('image', l10n.t('Image'), nonEmptyText(container.image), 'package');
  add('flavor', l10n.t('Size'), nonEmptyText(container.flavor), 'dashboard');
  add('address', l10n.t('Address'), nonEmptyText(container.address), 'link', ROW_CONTEXT.containerAddress);
  add('instances', l10n.t('Instances (ready/total)'), instancesText(container), 'layers');
  add('scale', l10n.t('Scale'), scaleText(container.scale), 'arrow-both');
  add('port', l10n.t('Listening port'), numberText(container.listening_port), 'plug');
  add('timeout', l10n.t('Timeout'), timeoutText(container.timeout), 'watch');
  add('logging', l10n.t('Logging'), loggingText(container), 'output');
  add('description', l10n.t('Description'), nonEmptyText(container.description), 'note');
  add('commands', l10n.t('Command'), nonEmptyText(container.commands), 'terminal');
  add('pullSecret', l10n.t('Pull secret'), nonEmptyText(container.pull_secret), 'key');
  add(
    'apiKeyAuth',
    l10n.t('API key required'),
    typeof container.is_api_key_auth === 'boolean' ? (container.is_api_key_auth ? l10n.t('yes') : l10n.t('no')) : undefined,
    'shield',
  );
  add('created', l10n.t('Created'), createdText(container.created_at), 'calendar');
  const envs = isRecord(container.envs) ? container.envs : {};
  for (const [name, value] of Object.entries(envs)) {
    const shown = revealed.has(name);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    rows.push({
      key: `env/${name}`,
      label: name,
      value: text,
      view: {
        label: name,
        description: shown ? text : l10n.t('environment variable · value hidden'),
        tooltip: `**${escapeMarkdown(name)}**\n\n${shown ? escapeMarkdown(text) : l10n.t('Environment variable; Show Value or Copy Value to see it.')}`,
        icon: { id: 'symbol-variable' },
        contextValue: shown ? ROW_CONTEXT.containerEnvShown : ROW_CONTEXT.containerEnv,
      },
    });
  }
  return rows;
}

/** The hover: every field the container has, values of environment variables left out. */
export function containerTooltip(container: Container): string {
  const lines = containerDetailRows(container)
    .filter((row) => !row.key.startsWith('env/'))
    .map((row) => `| ${escapeMarkdown(row.label)} | ${escapeMarkdown(row.value)} |`);
  const envNames = Object.keys(isRecord(container.envs) ? container.envs : {});
  if (envNames.length > 0) lines.push(`| ${l10n.t('Environment variables')} | ${escapeMarkdown(envNames.join(', '))} |`);
  return `### ${escapeMarkdown(container.name)}\n\n| ${l10n.t('Field')} | ${l10n.t('Value')} |\n|---|---|\n${lines.join('\n')}`;
}

function numberText(value: unknown): string | undefined {
  const number = finiteNumber(value);
  return number === undefined ? undefined : String(number);
}

function timeoutText(value: unknown): string | undefined {
  const seconds = finiteNumber(value);
  if (seconds === undefined) return undefined;
  return seconds === 0 ? l10n.t('0 s (never scales to zero)') : l10n.t('{0} s without requests', seconds);
}

function loggingText(container: Container): string | undefined {
  if (container.logging === null) return l10n.t('off');
  const logging = isRecord(container.logging) ? container.logging : undefined;
  if (!logging) return undefined;
  if (logging.enabled !== true) return l10n.t('off');
  const parts = [l10n.t('on')];
  const topic = nonEmptyText(logging.topic_name);
  if (topic) parts.push(l10n.t('topic {0}', topic));
  const region = finiteNumber(logging.destination_region_id);
  if (region !== undefined) parts.push(l10n.t('region {0}', region));
  const period = isRecord(logging.retention_policy) ? finiteNumber(logging.retention_policy.period) : undefined;
  if (period !== undefined) parts.push(l10n.t('kept {0} days', period));
  return parts.join(' · ');
}

/** Timestamps come with and without a trailing Z; both are UTC. */
function createdText(value: unknown): string | undefined {
  const text = nonEmptyText(value);
  if (!text) return undefined;
  const date = new Date(utcTimeMs(text));
  return Number.isNaN(date.getTime()) ? text : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
