import type { ApiRequest } from './api-request';
import { updateContainer } from './container-endpoint';
import type { ContainerStore } from './container-store';
import { listGpuFlavors } from './gpu-flavor-endpoint';
import type { GpuFlavorCatalogue } from './gpu-flavor-catalogue';
import { areaError, areaOfPath, type Reply } from './replies';
import { createZone, toggleDnssec } from './zone-endpoints';
import type { ZoneStore } from './zone-store';

export interface ApiState {
  containers: ContainerStore;
  zones: ZoneStore;
  flavors: GpuFlavorCatalogue;
}

type Params = Record<string, string>;
type Handler = (request: ApiRequest, params: Params, state: ApiState) => Reply;

interface Route {
  /** Literal segments, or `:name` for a parameter that matches any non-empty decoded segment. */
  pattern: readonly string[];
  handlers: Readonly<Record<string, Handler>>;
}

const ROUTES: readonly Route[] = [
  {
    pattern: ['cloud', 'v1', 'caas', ':projectId', ':regionId', 'containers', ':containerName'],
    handlers: {
      PATCH: (request, { projectId, regionId, containerName }, { containers }) =>
        updateContainer(request, { projectId, regionId, containerName }, containers),
    },
  },
  {
    pattern: ['dns', 'v2', 'zones'],
    handlers: { POST: (request, _params, { zones }) => createZone(request, zones) },
  },
  {
    pattern: ['dns', 'v2', 'zones', ':name', 'dnssec'],
    handlers: { PATCH: (request, { name }, { zones }) => toggleDnssec(request, name, zones) },
  },
  {
    pattern: ['cloud', 'v3', 'gpu', 'virtual', ':projectId', ':regionId', 'flavors'],
    handlers: {
      GET: (request, { projectId, regionId }, { flavors }) => listGpuFlavors(request, { projectId, regionId }, flavors),
    },
  },
];

function matchPattern(pattern: readonly string[], segments: readonly string[]): Params | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i];
    if (expected.startsWith(':')) {
      if (segments[i] === '') return undefined;
      params[expected.slice(1)] = segments[i];
    } else if (expected !== segments[i]) {
      return undefined;
    }
  }
  return params;
}

/** Answers an authenticated request: routing, 404 and 405 in the shape of the path's service. */
export function answerApiRequest(request: ApiRequest, state: ApiState): Reply {
  const area = areaOfPath(request.path);
  let segments: string[];
  try {
    segments = request.path.split('/').slice(1).map((segment) => decodeURIComponent(segment));
  } catch {
    return areaError(area, request.requestId, 400, 'Malformed percent-encoding in the request path');
  }
  for (const route of ROUTES) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    const handler = Object.hasOwn(route.handlers, request.method) ? route.handlers[request.method] : undefined;
    if (handler) return handler(request, params, state);
    const reply = areaError(area, request.requestId, 405, `Method "${request.method}" not allowed.`);
    return { ...reply, headers: { Allow: Object.keys(route.handlers).join(', ') } };
  }
  return areaError(area, request.requestId, 404, 'The requested URL was not found on the server.');
}
