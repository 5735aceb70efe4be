import * as l10n from '@vscode/l10n';
import { normalizeDomainName } from './domainName';
import { normalizeEmailAddress } from './emailAddress';
import type {
  FieldSpec,
  IntegerFieldSpec,
  JsonObjectFieldSpec,
  ListFieldSpec,
  ObjectFieldSpec,
  StringFieldSpec,
  StringMapFieldSpec,
  TextFieldSpec,
} from './fieldSpec';
import type { FieldProblem } from './problems';

const INTEGER_TEXT = /^-?[0-9]+$/;
const compiledPatterns = new Map<string, RegExp>();

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function joinPath(prefix: string, name: string): string {
  return prefix === '' ? name : `${prefix}.${name}`;
}

/**
 * Checks the own keys of `input` against `specs`. Unknown keys are problems; keys whose value is
 * `undefined` count as absent, as they would after JSON serialization. The result holds only the
 * valid keys that were given, in their given order, with normalized values.
 */
export function checkFields(
  specs: readonly FieldSpec[],
  input: Record<string, unknown>,
  prefix: string,
  problems: FieldProblem[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const path = joinPath(prefix, key);
    const spec = specs.find((s) => s.name === key);
    if (spec === undefined) {
      problems.push({ field: path, message: l10n.t('unknown field') });
      continue;
    }
    if (input[key] === undefined) {
      continue;
    }
    const before = problems.length;
    const value = checkValue(spec, input[key], path, problems);
    if (problems.length === before) {
      result[key] = value;
    }
  }
  for (const spec of specs) {
    if (spec.required && (!Object.hasOwn(input, spec.name) || input[spec.name] === undefined)) {
      problems.push({ field: joinPath(prefix, spec.name), message: l10n.t('is required') });
    }
  }
  return result;
}

/** Checks one value; the returned value is meaningful only when no problem was added. */
export function checkValue(spec: FieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (value === null) {
    if (!spec.nullable) {
      problems.push({ field: path, message: typeMessage(spec) });
    }
    return null;
  }
  switch (spec.kind) {
    case 'string':
      return checkString(spec, value, path, problems);
    case 'integer':
      return checkInteger(spec, value, path, problems);
    case 'boolean':
      if (typeof value !== 'boolean') {
        problems.push({ field: path, message: typeMessage(spec) });
      }
      return value;
    case 'object':
      return checkObject(spec, value, path, problems);
    case 'stringMap':
      return checkStringMap(spec, value, path, problems);
    case 'jsonObject':
      return checkJsonObject(spec, value, path, problems);
    case 'list':
      return checkList(spec, value, path, problems);
  }
}

/** Checks the text of an input box for one field; returns undefined when fine, else the message. */
export function checkFieldText(spec: TextFieldSpec, text: string): string | undefined {
  const problems: FieldProblem[] = [];
  if (spec.kind === 'integer') {
    const number = parseIntegerText(text);
    if (number === undefined) {
      return l10n.t('must be a whole number');
    }
    checkInteger(spec, number, spec.name, problems);
  } else {
    checkString(spec, text, spec.name, problems);
  }
  return problems.length === 0 ? undefined : problems.map((p) => p.message).join('; ');
}

/** Parses an optionally signed decimal integer with optional surrounding whitespace. */
export function parseIntegerText(text: string): number | undefined {
  const trimmed = text.trim();
  return INTEGER_TEXT.test(trimmed) ? Number(trimmed) : undefined;
}

/** The parts of a value that the specs name, in a nested object alike: what a payload can send back of what it read. */
export function knownFields(specs: readonly FieldSpec[], value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    specs
      .filter((spec) => Object.hasOwn(value, spec.name))
      .map((spec) => {
        const part = value[spec.name];
        return [spec.name, spec.kind === 'object' && isPlainObject(part) ? knownFields(spec.fields, part) : part];
      }),
  );
}

/** Finds the spec for a dotted wire path such as 'logging.retention_policy.period'. */
export function findFieldSpec(specs: readonly FieldSpec[], path: string): FieldSpec | undefined {
  const [head, ...rest] = path.split('.');
  const spec = specs.find((s) => s.name === head);
  if (spec === undefined || rest.length === 0) {
    return spec;
  }
  return spec.kind === 'object' ? findFieldSpec(spec.fields, rest.join('.')) : undefined;
}

function typeMessage(spec: FieldSpec): string {
  switch (spec.kind) {
    case 'string':
      return spec.nullable ? l10n.t('must be a string or null') : l10n.t('must be a string');
    case 'integer':
      return spec.nullable ? l10n.t('must be a whole number or null') : l10n.t('must be a whole number');
    case 'boolean':
      return spec.nullable ? l10n.t('must be true, false or null') : l10n.t('must be true or false');
    case 'object':
    case 'stringMap':
    case 'jsonObject':
      return spec.nullable ? l10n.t('must be an object or null') : l10n.t('must be an object');
    case 'list':
      return spec.nullable ? l10n.t('must be a list or null') : l10n.t('must be a list');
  }
}

function checkList(spec: ListFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (!Array.isArray(value)) {
    problems.push({ field: path, message: typeMessage(spec) });
    return value;
  }
  if (spec.minItems !== undefined && value.length < spec.minItems) {
    problems.push({
      field: path,
      message: spec.minItems === 1 ? l10n.t('must not be empty') : l10n.t('must hold at least {0} items', spec.minItems),
    });
  } else if (spec.maxItems !== undefined && value.length > spec.maxItems) {
    problems.push({ field: path, message: l10n.t('must hold at most {0} items', spec.maxItems) });
  }
  return value.map((item: unknown, index) => checkValue(spec.item, item, `${path}.${index}`, problems));
}

function checkString(spec: StringFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (typeof value !== 'string') {
    problems.push({ field: path, message: typeMessage(spec) });
    return value;
  }
  const report = (message: string) => problems.push({ field: path, message });
  if (spec.format === 'domainName') {
    const check = normalizeDomainName(value);
    if (!check.ok) {
      check.messages.forEach(report);
    }
    return check.ok ? check.name : value;
  }
  if (spec.format === 'email') {
    const check = normalizeEmailAddress(value);
    if (!check.ok) {
      check.messages.forEach(report);
      return value;
    }
    if (spec.maxLength !== undefined && check.address.length > spec.maxLength) {
      report(l10n.t('must be at most {0} characters', spec.maxLength));
    }
    return check.address;
  }
  const text = spec.trim ? value.trim() : value;
  const length = [...text].length;
  if (spec.minLength !== undefined && length < spec.minLength) {
    report(length === 0 ? l10n.t('must not be empty') : l10n.t('must be at least {0} characters', spec.minLength));
  } else if (spec.maxLength !== undefined && length > spec.maxLength) {
    report(l10n.t('must be at most {0} characters', spec.maxLength));
  } else if (spec.pattern !== undefined && !compiled(spec.pattern).test(text)) {
    report(spec.patternHint ?? l10n.t('must match {0}', spec.pattern));
  }
  return text;
}

function checkInteger(spec: IntegerFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    problems.push({ field: path, message: typeMessage(spec) });
  } else if (value < spec.minimum || value > spec.maximum || !Number.isSafeInteger(value)) {
    problems.push({ field: path, message: boundsMessage(spec, value) });
  }
  return value;
}

function boundsMessage(spec: IntegerFieldSpec, value: number): string {
  // Ids have no documented maximum; the safe-integer limit is only mentioned when it is exceeded.
  if (spec.maximum === Number.MAX_SAFE_INTEGER) {
    return value < spec.minimum ? l10n.t('must be at least {0}', spec.minimum) : l10n.t('must be at most {0}', spec.maximum);
  }
  return l10n.t('must be between {0} and {1}', spec.minimum, spec.maximum);
}

function checkObject(spec: ObjectFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (!isPlainObject(value)) {
    problems.push({ field: path, message: typeMessage(spec) });
    return value;
  }
  const result = checkFields(spec.fields, value, path, problems);
  for (const { lower, upper } of spec.orderedPairs ?? []) {
    const low = result[lower];
    const high = result[upper];
    if (typeof low === 'number' && typeof high === 'number' && low > high) {
      problems.push({ field: joinPath(path, lower), message: l10n.t('must not be greater than {0}', joinPath(path, upper)) });
    }
  }
  return result;
}

function checkStringMap(spec: StringMapFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (!isPlainObject(value)) {
    problems.push({ field: path, message: typeMessage(spec) });
    return value;
  }
  const keyPattern = compiled(spec.keyPattern);
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (!keyPattern.test(key)) {
      problems.push({ field: path, message: l10n.t("name '{0}' {1}", key, spec.keyHint) });
    }
    if (typeof entry !== 'string') {
      problems.push({ field: joinPath(path, key), message: l10n.t('must be a string') });
    } else if ([...entry].length > spec.valueMaxLength) {
      problems.push({ field: joinPath(path, key), message: l10n.t('must be at most {0} characters', spec.valueMaxLength) });
    } else {
      // defineProperty keeps a key such as '__proto__' an ordinary own property.
      Object.defineProperty(result, key, { value: entry, enumerable: true, writable: true, configurable: true });
    }
  }
  return result;
}

function checkJsonObject(spec: JsonObjectFieldSpec, value: unknown, path: string, problems: FieldProblem[]): unknown {
  if (!isPlainObject(value)) {
    problems.push({ field: path, message: typeMessage(spec) });
    return value;
  }
  checkJsonChildren(value, path, problems, new Set());
  return value;
}

function checkJsonChildren(
  container: Record<string, unknown> | unknown[],
  path: string,
  problems: FieldProblem[],
  ancestors: Set<object>,
): void {
  ancestors.add(container);
  for (const [key, child] of Object.entries(container)) {
    const childPath = joinPath(path, key);
    if (typeof child === 'object' && child !== null && ancestors.has(child)) {
      problems.push({ field: childPath, message: l10n.t('must not refer back to an enclosing object') });
    } else if (Array.isArray(child) || isPlainObject(child)) {
      checkJsonChildren(child, childPath, problems, ancestors);
    } else if (!isJsonScalar(child)) {
      problems.push({ field: childPath, message: l10n.t('must be a JSON value (string, number, true, false, null, array or object)') });
    }
  }
  ancestors.delete(container);
}

function isJsonScalar(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function compiled(pattern: string): RegExp {
  let regex = compiledPatterns.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(pattern, 'u');
    compiledPatterns.set(pattern, regex);
  }
  return regex;
}
