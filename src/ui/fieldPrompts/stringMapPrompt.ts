import * as l10n from '@vscode/l10n';
import { checkValue, isPlainObject } from '../../validation/fieldChecks';
import type { StringMapFieldSpec } from '../../validation/fieldSpec';
import type { FieldProblem } from '../../validation/problems';
import { BACK, type Back, type PromptUi, type StepPosition } from '../promptUi';

/** What the list calls one entry of the map; the spec names only the whole map. */
export interface MapEntryWords {
  /** Names the entry box's problems: "Environment variable". */
  label: string;
  /** The item that opens the entry box: "Add variable…". */
  add: string;
  /** How many entries the list holds, beside Done: "3 variables". */
  count(entries: number): string;
  /** What the entry box asks for (NAME=value and the rules of each), and an example. */
  prompt: string;
  example: string;
  /** An entry's value as the list shows it (a secret hidden); as it is when absent. */
  shownValue?(name: string, value: string): string;
}

export interface StringMapPromptOptions {
  /** Above the list: what the map sent does. */
  placeholder?: string;
  entries: MapEntryWords;
}

type ListChoice = { kind: 'done' } | { kind: 'add' } | { kind: 'remove'; name: string };

/** The map as a list: pick an entry to remove it, add more as NAME=value, then Done. Back from the entry box returns to the list. */
export async function promptStringMap(
  ui: PromptUi,
  spec: StringMapFieldSpec,
  position: StepPosition,
  current: unknown,
  options: StringMapPromptOptions,
): Promise<Record<string, string> | Back> {
  const { entries } = options;
  const map: Record<string, string> = isPlainObject(current) ? { ...(current as Record<string, string>) } : {};
  for (;;) {
    const names = Object.keys(map);
    const choice = await ui.pick<ListChoice>({
      ...position,
      placeholder: options.placeholder,
      items: [
        { label: `$(check) ${l10n.t('Done')}`, description: entries.count(names.length), value: { kind: 'done' } },
        { label: `$(add) ${entries.add}`, description: l10n.t('NAME=value'), value: { kind: 'add' } },
        ...names.map((name) => ({
          label: `$(trash) ${name}=${entries.shownValue?.(name, map[name]) ?? map[name]}`,
          description: l10n.t('remove'),
          value: { kind: 'remove' as const, name },
        })),
      ],
    });
    if (choice === BACK) return BACK;
    if (choice.kind === 'done') return map;
    if (choice.kind === 'remove') {
      delete map[choice.name];
      continue;
    }
    const entry = await ui.input({
      ...position,
      canGoBack: true,
      prompt: entries.prompt,
      placeholder: entries.example,
      validate: (text) => {
        const problem = mapEntryProblem(spec, text);
        return problem ? `${entries.label}: ${problem}` : undefined;
      },
    });
    if (entry === BACK) continue;
    const parsed = parseMapEntry(entry);
    // defineProperty keeps a name such as '__proto__', which the pattern may allow, an ordinary entry.
    if (parsed) Object.defineProperty(map, parsed.key, { value: parsed.value, enumerable: true, writable: true, configurable: true });
  }
}

/** Splits 'NAME=value' at the first '='; the name is trimmed (names hold no spaces), the value is kept as typed. */
export function parseMapEntry(text: string): { key: string; value: string } | undefined {
  const equals = text.indexOf('=');
  return equals < 0 ? undefined : { key: text.slice(0, equals).trim(), value: text.slice(equals + 1) };
}

/** One entry's text checked by the map's rules (the name's pattern, the value's length). */
export function mapEntryProblem(spec: StringMapFieldSpec, text: string): string | undefined {
  const entry = parseMapEntry(text);
  if (entry === undefined) return l10n.t('must look like NAME=value');
  const problems: FieldProblem[] = [];
  checkValue(spec, { [entry.key]: entry.value }, spec.name, problems);
  return problems.length === 0 ? undefined : problems.map((problem) => problem.message).join('; ');
}
