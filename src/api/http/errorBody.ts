/**
 * What an error answer says, in the API's own words, from whichever shape it came in: a Cloud body
 * (`message`, `invalid_fields`, `info`), a DNS body (`error`, sometimes with `message`), the `error`
 * response header Gcore's DNS spec documents for its 400s, or a text or HTML page from a gateway.
 */
export interface ErrorBodyReading {
  apiMessage?: string;
  fieldErrors?: Record<string, string[]>;
  quota?: Record<string, string | number | boolean>;
}

const MAX_MESSAGE_LENGTH = 300;

export function readErrorBody(body: unknown, text: string, headerError: string | null): ErrorBodyReading {
  const apiMessage =
    stringField(body, 'message') ??
    stringField(body, 'error') ??
    stringField(body, 'detail') ??
    (headerError ? readableText(headerError) : undefined) ??
    (body === undefined && text.trim() !== '' ? readableText(text) : undefined);
  return { apiMessage, fieldErrors: readFieldErrors(body), quota: readQuota(body) };
}

/** The message shown for an error answer: the API's words, then what they leave out. */
export function errorMessage(reading: ErrorBodyReading, fallback: string): string {
  let message = reading.apiMessage ?? fallback;
  const { fieldErrors, quota } = reading;
  // Cloud validation messages often quote the field list already; it is added only when they do not.
  if (fieldErrors && !Object.keys(fieldErrors).every((field) => message.includes(field))) {
    const listed = Object.entries(fieldErrors)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    message = `${stripPeriod(message)} (${listed})`;
  }
  if (quota) {
    const facts = Object.entries(quota).map(([name, value]) => `${name.replace(/_/g, ' ')} ${String(value)}`);
    message = `${stripPeriod(message)} (${facts.join(', ')})`;
  }
  return message;
}

export function stringField(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[name];
  return typeof field === 'string' && field.trim() !== '' ? readableText(field) : undefined;
}

/**
 * One line of plain text: an HTML page becomes its title (or first heading), tags and entities are
 * removed, runs of whitespace and line breaks become one space, and the result is cut at a sentence's
 * length, so that a gateway's page never fills a notification.
 */
function readableText(raw: string): string | undefined {
  let text = raw;
  if (/<\s*(!doctype|html|head|body|title|h1|center|p|div)\b/i.test(text)) {
    const heading = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text) ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text);
    text = heading ? heading[1] : text.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ');
    text = decodeEntities(text.replace(/<[^>]*>/g, ' '));
  }
  text = text.replace(/\s+/g, ' ').trim();
  if (text === '') return undefined;
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

// A Map: an entity in a gateway's page may be named like a property of every object (`&constructor;`).
const ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
]);

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES.get(entity.toLowerCase()) ?? whole;
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function readFieldErrors(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const raw = (body as Record<string, unknown>).invalid_fields;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  // Built from entries, not by assignment: a field named `__proto__` would set the object's prototype.
  const result: Record<string, string[]> = Object.fromEntries(
    Object.entries(raw).map(([field, messages]) => [
      field,
      (Array.isArray(messages) ? messages : [messages]).map((item) => (typeof item === 'string' ? item : JSON.stringify(item))),
    ]),
  );
  return Object.keys(result).length > 0 ? result : undefined;
}

function readQuota(body: unknown): ErrorBodyReading['quota'] {
  if (typeof body !== 'object' || body === null) return undefined;
  const info = (body as Record<string, unknown>).info;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return undefined;
  const facts: Record<string, string | number | boolean> = Object.fromEntries(
    Object.entries(info).flatMap(([name, value]) =>
      typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '')
        ? [[name, typeof value === 'string' ? value.trim() : value]]
        : [],
    ),
  );
  return Object.keys(facts).length > 0 ? facts : undefined;
}

function stripPeriod(message: string): string {
  return message.replace(/\.$/, '');
}
