import { STATUS_CODES } from 'node:http';

/** What a handler decides to answer; the server adds latency, the request id header and any fault headers. */
export interface Reply {
  status: number;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent byte for byte instead of `body`, for answers that must not be valid JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** The Cloud and DNS services are separate back ends with different error bodies. */
export type ApiArea = 'cloud' | 'dns';

export type InvalidFields = Record<string, string[]>;

export function areaOfPath(path: string): ApiArea {
  return /^\/dns(\/|$)/.test(path) ? 'dns' : 'cloud';
}

export function cloudError(
  requestId: string,
  status: number,
  exceptionClass: string,
  message: string,
  invalidFields?: InvalidFields,
): Reply {
  const body: Record<string, unknown> = { exception_class: exceptionClass, message };
  if (invalidFields) body.invalid_fields = invalidFields;
  body.request_id = requestId;
  return { status, body };
}

export function cloudValidationError(requestId: string, invalidFields: InvalidFields): Reply {
  return cloudError(requestId, 400, 'ValidationError', 'Validation failed', invalidFields);
}

/** 400 for a write past the location's quota; `info` holds the limit, usage and requested amount of each exceeded quota. */
export function cloudQuotaError(requestId: string, message: string, info: Record<string, number>): Reply {
  return { status: 400, body: { exception_class: 'QuotaExceededError', message, info, request_id: requestId } };
}

export function dnsError(status: number, message: string): Reply {
  return { status, body: { error: message } };
}

const CLOUD_EXCEPTION_CLASSES: Record<number, string> = {
  400: 'ValidationError',
  401: 'NotAuthenticated',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowed',
  409: 'ConflictError',
};

/** Cloud exception class for a status, following the names the real Cloud API uses where known. */
function cloudExceptionClassFor(status: number): string {
  const known = CLOUD_EXCEPTION_CLASSES[status];
  if (known) return known;
  const words = (STATUS_CODES[status] ?? 'Http Error').split(/[^A-Za-z]+/).filter((word) => word.length > 0);
  return words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** An error in whichever shape the path's service uses. */
export function areaError(area: ApiArea, requestId: string, status: number, message: string): Reply {
  return area === 'dns' ? dnsError(status, message) : cloudError(requestId, status, cloudExceptionClassFor(status), message);
}
