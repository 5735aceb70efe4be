/**
 * Removes secrets from text before it is logged or shown. Besides the known key values, anything after an
 * `apikey` / `Authorization:` marker is masked, in case an error from a library ever echoes a header.
 */
const SCHEME_PATTERN = /\b(apikey\s+)[^\s"',}]+/gi;
const HEADER_PATTERN = /\b(authorization["']?\s*[:=]\s*["']?)(?![\s"']|apikey\s)[^"',}\r\n]+/gi;
const MIN_SECRET_LENGTH = 4;

/** Whether a text may hold a header that the patterns mask: most texts do not, and are returned as they are. */
const MARKERS = /apikey|authorization/i;

export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH && result.includes(secret)) result = result.split(secret).join('***');
  }
  return MARKERS.test(result) ? result.replace(SCHEME_PATTERN, '$1***').replace(HEADER_PATTERN, '$1***') : result;
}

/**
 * Every key this session has used, from SecretStorage or the environment. Kept for the whole session: a
 * message about a request made with the previous key must not show it either.
 */
const sessionSecrets = new Set<string>();

export function hideSecret(secret: string | undefined): void {
  if (secret && secret.length >= MIN_SECRET_LENGTH) sessionSecrets.add(secret);
}

/** What every log line and every message built from an error passes through before anyone sees it. */
export function redactSessionSecrets(text: string): string {
  return redact(text, sessionSecrets);
}

/**
 * The error with every text it holds passed through redactSessionSecrets, as its message is: its own
 * properties (message, stack, cause, a GcoreApiError's requestId, apiMessage and fieldErrors, any other a
 * library added) at any depth, the keys of the objects they hold, and the errors they hold (a cause chain).
 * A server that echoes what it was sent (a pull secret's password) puts it into any of them. The error keeps its
 * identity and class, so a caller can still test what it is; an object inside it is replaced by a copy only where
 * a secret was taken out.
 */
export function redactError<E extends Error>(error: E): E {
  redactErrorFields(error, new WeakMap());
  return error;
}

/** Each object met, and what it became: an object held twice is redacted once, and a cycle ends. */
type Redacted = WeakMap<object, unknown>;

function redactErrorFields(error: Error, done: Redacted): void {
  if (done.has(error)) return;
  done.set(error, error);
  for (const name of Object.getOwnPropertyNames(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, name);
    // `stack` may be an accessor that renders the message of the moment: its text is read through it.
    const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : (error as unknown as Record<string, unknown>)[name];
    const redacted = redactedValue(value, done);
    if (redacted === value) continue;
    if (descriptor?.configurable) {
      Object.defineProperty(error, name, { value: redacted, writable: true, enumerable: descriptor.enumerable, configurable: true });
    } else Reflect.set(error, name, redacted);
  }
}

/** The value with its texts redacted; the same value when it held nothing to take out. */
function redactedValue(value: unknown, done: Redacted): unknown {
  if (typeof value === 'string') return redactSessionSecrets(value);
  if (typeof value !== 'object' || value === null) return value;
  if (done.has(value)) return done.get(value);
  if (value instanceof Error) {
    redactErrorFields(value, done);
    return value;
  }
  done.set(value, value);
  const result = redactedObject(value, done);
  done.set(value, result);
  return result;
}

function redactedObject(value: object, done: Redacted): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => redactedValue(item, done));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  const entries = Object.entries(value);
  const redacted = entries.map(([key, item]) => [redactSessionSecrets(key), redactedValue(item, done)] as const);
  if (redacted.every(([key, item], index) => key === entries[index][0] && item === entries[index][1])) return value;
  // A copy with the prototype of the original (a class's instance stays one); defined, not assigned, so that a key
  // named `__proto__` stays a key.
  const copy: object = Object.create(Object.getPrototypeOf(value) as object | null);
  for (const [key, item] of redacted) {
    Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
  }
  return copy;
}
