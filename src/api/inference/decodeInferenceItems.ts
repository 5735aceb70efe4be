import { jsonObject, nonBlankText } from '../decodeItems';
import type {
  InferenceApiKey,
  InferenceApplication,
  InferenceCatalogApplication,
  InferenceDeployment,
  InferenceFlavor,
  InferenceLogLine,
  InferenceRegionCapacity,
  InferenceRegistryCredential,
  LimitsRequest,
} from './inferenceTypes';

/*
 * Item decoders of the inference endpoints, as tolerant as the other reads (decodeItems.ts): an entry is kept when
 * it has what names it, and left out otherwise. Deployments, applications, keys and credentials are named within
 * their project, and that name is what every later request puts in its path, so one without it cannot be used.
 */

type Json = Record<string, unknown>;
type Readable = (value: unknown) => boolean;

const isText: Readable = (value) => typeof value === 'string';
const isNumber: Readable = (value) => typeof value === 'number' && Number.isFinite(value);
const isBoolean: Readable = (value) => typeof value === 'boolean';
const isObject: Readable = (value) => jsonObject(value) !== undefined;
const isTextList: Readable = (value) => Array.isArray(value) && value.every(isText);

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null;
}

/** The fields of a kind of item the extension reads, the shape each must have, and the lists read entry by entry. */
interface ItemShape {
  fields: readonly [field: string, readable: Readable][];
  lists: readonly [field: string, readableEntry: Readable][];
}

/**
 * The item with a name, a known field Gcore sent in another shape left out and named in `unreadable_fields`, and a
 * list with entries that are not what it holds kept with its readable entries and named too: one odd field marks
 * its own row, where a row that read it as it came would fail its whole project. An item that needs none of this
 * is returned as it came.
 */
function withReadableFields<T>(value: unknown, shape: ItemShape): T | undefined {
  const item = jsonObject(value);
  if (!item || nonBlankText(item.name) === undefined) return undefined;
  const odd = shape.fields.filter(([field, readable]) => !isAbsent(item[field]) && !readable(item[field])).map(([field]) => field);
  const partly = shape.lists.filter(([field, readable]) => Array.isArray(item[field]) && !(item[field] as unknown[]).every(readable));
  // The field is the extension's: one an answer brings of its own would say what the extension did not find.
  if (odd.length === 0 && partly.length === 0 && !Object.hasOwn(item, 'unreadable_fields')) return item as T;
  const decoded: Json = { ...item };
  delete decoded.unreadable_fields;
  for (const field of odd) delete decoded[field];
  for (const [field, readable] of partly) decoded[field] = (item[field] as unknown[]).filter(readable);
  if (odd.length > 0 || partly.length > 0) decoded.unreadable_fields = [...odd, ...partly.map(([field]) => field)];
  return decoded as T;
}

/** A region of a deployment as an update can send it back: its id and a scale with both bounds. */
function isRegionContainer(value: unknown): boolean {
  const container = jsonObject(value);
  const scale = jsonObject(container?.scale);
  return (
    container !== undefined &&
    Number.isSafeInteger(container.region_id) &&
    scale !== undefined &&
    Number.isSafeInteger(scale.min) &&
    Number.isSafeInteger(scale.max)
  );
}

function isObjectReference(value: unknown): boolean {
  const reference = jsonObject(value);
  return (
    reference !== undefined && (isAbsent(reference.kind) || isText(reference.kind)) && (isAbsent(reference.name) || isText(reference.name))
  );
}

const DEPLOYMENT: ItemShape = {
  fields: [
    ['status', isText],
    ['image', isText],
    ['listening_port', isNumber],
    ['flavor_name', isText],
    ['address', isText],
    ['containers', Array.isArray],
    ['credentials_name', isText],
    ['envs', isObject],
    // A string array going in, a string coming back.
    ['command', (value) => isText(value) || isTextList(value)],
    ['api_keys', Array.isArray],
    ['auth_enabled', isBoolean],
    ['timeout', isNumber],
    ['description', isText],
    ['readiness_probe', isObject],
    ['liveness_probe', isObject],
    ['startup_probe', isObject],
    ['object_references', Array.isArray],
    ['created_at', isText],
  ],
  lists: [
    ['containers', isRegionContainer],
    ['api_keys', isText],
    ['object_references', isObjectReference],
  ],
};

/**
 * A deployment with a name. A region whose id or scale cannot be read is left out of `containers`, which is then
 * named unreadable: an update sends `containers` as the whole set of regions, and one sent without that region
 * would remove it.
 */
export function decodeInferenceDeployment(value: unknown): InferenceDeployment | undefined {
  return withReadableFields<InferenceDeployment>(value, DEPLOYMENT);
}

const APPLICATION: ItemShape = {
  fields: [
    ['application_name', isText],
    ['regions', Array.isArray],
    ['components_configuration', isObject],
    ['status', isObject],
    ['api_keys', Array.isArray],
  ],
  lists: [
    ['regions', (region) => Number.isSafeInteger(region)],
    ['api_keys', isText],
  ],
};

/** A deployment of a catalogue application, with a name. */
export function decodeInferenceApplication(value: unknown): InferenceApplication | undefined {
  return withReadableFields<InferenceApplication>(value, APPLICATION);
}

const CATALOG_APPLICATION: ItemShape = {
  fields: [
    ['display_name', isText],
    ['description', isText],
    ['readme', isText],
    ['components', isObject],
  ],
  lists: [],
};

/** An application of the catalogue, with a name: the one a create names in `application_name`. */
export function decodeInferenceCatalogApplication(value: unknown): InferenceCatalogApplication | undefined {
  return withReadableFields<InferenceCatalogApplication>(value, CATALOG_APPLICATION);
}

/** A flavor with a name, the one a deployment names in `flavor_name`. */
export function decodeInferenceFlavor(value: unknown): InferenceFlavor | undefined {
  const flavor = jsonObject(value);
  return flavor && nonBlankText(flavor.name) ? (flavor as InferenceFlavor) : undefined;
}

function isFlavorCapacity(value: unknown): boolean {
  const entry = jsonObject(value);
  return entry !== undefined && nonBlankText(entry.flavor_name) !== undefined && isNumber(entry.capacity);
}

/** A region's free capacity per flavor; an entry without a flavor's name or a number is left out of it. */
export function decodeInferenceRegionCapacity(value: unknown): InferenceRegionCapacity | undefined {
  const region = jsonObject(value);
  if (!region || !Number.isSafeInteger(region.region_id)) return undefined;
  const capacity = Array.isArray(region.capacity) ? region.capacity.filter(isFlavorCapacity) : [];
  return { ...region, capacity } as InferenceRegionCapacity;
}

/** A key with a name; its secret is answered once, by its create, and never read from a list. */
export function decodeInferenceApiKey(value: unknown): InferenceApiKey | undefined {
  const key = jsonObject(value);
  if (!key || nonBlankText(key.name) === undefined) return undefined;
  const { secret: _secret, ...listed } = key;
  return listed as InferenceApiKey;
}

/** A credential with a name, without a password even if an answer ever held one. */
export function decodeInferenceRegistryCredential(value: unknown): InferenceRegistryCredential | undefined {
  const credential = jsonObject(value);
  if (!credential || nonBlankText(credential.name) === undefined) return undefined;
  const { password: _password, ...shown } = credential;
  return shown as InferenceRegistryCredential;
}

/** A log line with its time and text; its region and pod may be missing. */
export function decodeInferenceLogLine(value: unknown): InferenceLogLine | undefined {
  const line = jsonObject(value);
  return line && isText(line.time) && isText(line.message) ? (line as InferenceLogLine) : undefined;
}

/** A limits request with the id it is followed by. */
export function decodeLimitsRequest(value: unknown): LimitsRequest | undefined {
  const request = jsonObject(value);
  if (!request) return undefined;
  const readableId = Number.isSafeInteger(request.id) || nonBlankText(request.id) !== undefined;
  return readableId ? (request as LimitsRequest) : undefined;
}
