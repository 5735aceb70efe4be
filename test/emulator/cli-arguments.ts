import type { EmulatorOptions } from './server';
import { MAX_PROPAGATION_DELAY_MS } from './record-set-store';
import { DEFAULT_TASK_TIMINGS } from './task-store';

export const USAGE = [
  'Usage: node out/emulator/cli.js --port <n> --api-key <key> [--host 127.0.0.1] [--latency-ms <n>]',
  '                                [--flavors-per-location <n>] [--containers-per-location <n>] [--demo] [--core-only]',
  '                                [--task-new-ms <n>] [--task-running-ms <n>] [--record-sets-in-zone <n>] [--propagation-delay-ms <n>]',
  '                                [--new-account-api-key <key>] [--inference-deploy-ms <n>]',
  "An update's tasks stay NEW, then RUNNING, that long (default 300 and 1200 ms) before they end.",
  '--record-sets-in-zone fills the zone large.example with that many record sets; the public resolvers of',
  '/dns/v2/lookup see a change that long after it is made (--propagation-delay-ms, default 5000, at most 600000).',
  '--new-account-api-key is a second key, of a new account with zero inference quota; an inference deployment',
  'rolls out in --inference-deploy-ms (default 180000).',
  '--core-only serves only the four core operations, to try how the extension degrades.',
  'The API key may also come from the GCORE_API_KEY environment variable.',
].join('\n');

export type CliCommand = { kind: 'serve'; options: EmulatorOptions } | { kind: 'help' } | { kind: 'usage-error'; message: string };

const VALUE_FLAGS = new Set([
  '--port',
  '--api-key',
  '--host',
  '--latency-ms',
  '--flavors-per-location',
  '--containers-per-location',
  '--task-new-ms',
  '--task-running-ms',
  '--record-sets-in-zone',
  '--propagation-delay-ms',
  '--new-account-api-key',
  '--inference-deploy-ms',
]);

function parseWholeNumber(flag: string, text: string, max: number): number | string {
  if (!/^\d+$/.test(text) || Number(text) > max) return `${flag} expects a whole number from 0 to ${max}, got "${text}"`;
  return Number(text);
}

/** Reads `--flag value` and `--flag=value` forms; the environment only supplies the API key. */
export function parseCliArguments(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  const values = new Map<string, string>();
  let demo = false;
  let coreOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    if (argument === '--help' || argument === '-h') return { kind: 'help' };
    if (argument === '--demo') {
      demo = true;
      continue;
    }
    if (argument === '--core-only') {
      coreOnly = true;
      continue;
    }
    const equals = argument.indexOf('=');
    const flag = equals === -1 ? argument : argument.slice(0, equals);
    if (!VALUE_FLAGS.has(flag)) return { kind: 'usage-error', message: `Unknown argument "${argument}"` };
    const value = equals === -1 ? argv[++i] : argument.slice(equals + 1);
    if (value === undefined) return { kind: 'usage-error', message: `${flag} needs a value` };
    values.set(flag, value);
  }

  const apiKey = values.get('--api-key') ?? env.GCORE_API_KEY;
  if (apiKey === undefined || apiKey === '') {
    return { kind: 'usage-error', message: 'An API key is required: pass --api-key or set GCORE_API_KEY' };
  }
  const options: EmulatorOptions = { apiKey, demo, ...(coreOnly ? { coreOnly } : {}) };
  const host = values.get('--host');
  if (host !== undefined) options.host = host;
  const newAccountApiKey = values.get('--new-account-api-key');
  if (newAccountApiKey === '' || (newAccountApiKey !== undefined && newAccountApiKey === apiKey)) {
    return { kind: 'usage-error', message: '--new-account-api-key needs a key of its own, not the --api-key' };
  }
  if (newAccountApiKey !== undefined) options.newAccountApiKey = newAccountApiKey;
  const deployMs = values.get('--inference-deploy-ms');
  if (deployMs !== undefined) {
    const parsed = parseWholeNumber('--inference-deploy-ms', deployMs, 86_400_000);
    if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed };
    options.inferenceTimings = { deployMs: parsed };
  }
  const numeric: [
    string,
    'port' | 'latencyMs' | 'flavorsPerLocation' | 'containersPerLocation' | 'recordSetsInZone' | 'propagationDelayMs',
    number,
  ][] = [
    ['--port', 'port', 65535],
    ['--latency-ms', 'latencyMs', 600_000],
    ['--flavors-per-location', 'flavorsPerLocation', 1_000_000],
    ['--containers-per-location', 'containersPerLocation', 100_000],
    ['--record-sets-in-zone', 'recordSetsInZone', 1_000_000],
    ['--propagation-delay-ms', 'propagationDelayMs', MAX_PROPAGATION_DELAY_MS],
  ];
  for (const [flag, option, max] of numeric) {
    const text = values.get(flag);
    if (text === undefined) continue;
    const parsed = parseWholeNumber(flag, text, max);
    if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed };
    options[option] = parsed;
  }
  const taskTimings: Partial<Record<'newMs' | 'runningMs', number>> = {};
  for (const [flag, timing] of [
    ['--task-new-ms', 'newMs'],
    ['--task-running-ms', 'runningMs'],
  ] as const) {
    const text = values.get(flag);
    if (text === undefined) continue;
    const parsed = parseWholeNumber(flag, text, 86_400_000);
    if (typeof parsed === 'string') return { kind: 'usage-error', message: parsed };
    taskTimings[timing] = parsed;
  }
  if (Object.keys(taskTimings).length > 0) options.taskTimings = { ...DEFAULT_TASK_TIMINGS, ...taskTimings };
  return { kind: 'serve', options };
}
