import { createHash } from 'node:crypto';
import * as l10n from '@vscode/l10n';
import { isPlainObject } from '../../validation/fieldChecks';
import { recordSetBody } from './recordSets';
import { zoneNameForDisplay } from './zoneCreate';
import type { RecordSetChange, ZoneFilePlan } from './zoneFileChanges';

/*
 * What an agent's import was allowed to do, held to when it runs. The confirmation shows a plan worked out from
 * the zone as Gcore held it then; the run works it out again and sends it only when it is the same plan, so a
 * zone changed in between never gets what nobody allowed.
 */

/** JSON with every object's keys in order: two readings of the same set give the same text, whatever order Gcore sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A change as the confirmation shows it: what is sent, and what it replaces or deletes at Gcore (its writable fields). */
function changeFacts(change: RecordSetChange): unknown[] {
  return [
    change.kind,
    change.name,
    change.type.toUpperCase(),
    change.kind === 'delete' ? null : change.body,
    change.kind === 'create' ? null : recordSetBody(change.current),
  ];
}

/** A digest of the plan's changes (what each sends and what it replaces), in no particular order; equal digests are equal plans. */
export function planDigest(plan: ZoneFilePlan): string {
  const facts = plan.changes.map((change) => canonicalJson(changeFacts(change))).sort();
  return createHash('sha256').update(facts.join('\n')).digest('hex');
}

/**
 * Where an import's argument carries the digest of a confirmed plan from the agent tool to the command that
 * runs it, in the same extension host: a symbol, which no JSON argument (a model's, another extension's) holds.
 */
const CONFIRMED_PLAN: unique symbol = Symbol('confirmedPlan');

/** The argument, carrying `digest` when there is one. */
export function withConfirmedPlan<T extends object>(args: T, digest: string | undefined): T {
  return digest === undefined ? args : { ...args, [CONFIRMED_PLAN]: digest };
}

/** The digest an argument carries (withConfirmedPlan), or undefined. */
export function confirmedPlanOf(arg: unknown): string | undefined {
  const digest: unknown = isPlainObject(arg) ? (arg as { [CONFIRMED_PLAN]?: unknown })[CONFIRMED_PLAN] : undefined;
  return typeof digest === 'string' ? digest : undefined;
}

/** Refuses, before anything is sent, a plan that is not the one confirmed (`confirmed` undefined: none was shown). */
export function refuseUnconfirmedPlan(zoneName: string, plan: ZoneFilePlan, confirmed: string | undefined): void {
  if (confirmed === undefined || planDigest(plan) === confirmed) return;
  throw new Error(
    l10n.t(
      'The record sets of {0} changed at Gcore after the import was confirmed: it would now change something other than what was allowed, so nothing was sent. Run the import again to confirm what it changes now.',
      zoneNameForDisplay(zoneName),
    ),
  );
}
