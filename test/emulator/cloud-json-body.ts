import { isJsonObject, readJsonBody, type ApiRequest } from './api-request';
import { parseCloudLocation, type CloudLocation } from './cloud-location';
import { cloudError, cloudValidationError, type Reply } from './replies';

export type CloudJsonBody = { ok: true; value: unknown } | { ok: false; reply: Reply };

/**
 * The JSON body of a Cloud write, or what the API answers instead: 415 for another media type, 400 for
 * malformed JSON. `quoteParseError: false` keeps the parser's detail out of the answer: V8 quotes the text
 * around the fault, which for a pull secret may be its password.
 */
export function readCloudJsonBody(request: ApiRequest, { quoteParseError = true } = {}): CloudJsonBody {
  const body = readJsonBody(request);
  if (body.kind === 'unsupported-media-type') {
    return {
      ok: false,
      reply: cloudError(request.requestId, 415, 'UnsupportedMediaType', `Unsupported media type "${body.contentType}" in request.`),
    };
  }
  if (body.kind === 'malformed') {
    const message = quoteParseError ? `Malformed JSON in request body: ${body.detail}` : 'Malformed JSON in request body.';
    return { ok: false, reply: cloudError(request.requestId, 400, 'ValidationError', message) };
  }
  return { ok: true, value: body.value };
}

/** As readCloudJsonBody, for a body that must be a JSON object. */
export function readCloudJsonObject(
  request: ApiRequest,
  options: { quoteParseError?: boolean } = {},
): { ok: true; value: Record<string, unknown> } | { ok: false; reply: Reply } {
  const body = readCloudJsonBody(request, options);
  if (!body.ok) return body;
  if (!isJsonObject(body.value)) return { ok: false, reply: cloudValidationError(request.requestId, { _schema: ['Invalid input type.'] }) };
  return { ok: true, value: body.value };
}

/** The location of a write to `/{project_id}/{region_id}/…` and its JSON object body, or what the API answers instead. */
export function readLocatedJsonObject(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
): { ok: true; location: CloudLocation; value: Record<string, unknown> } | { ok: false; reply: Reply } {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return { ok: false, reply: cloudValidationError(request.requestId, location.invalidFields) };
  const body = readCloudJsonObject(request);
  return body.ok ? { ok: true, location: location.location, value: body.value } : body;
}
