import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseCloudLocation } from './cloud-location';
import { checkKnownFlavor } from './container-create-validation';
import type { ContainerStore } from './container-store';
import { quotaNumbers, requestOf, usageAt, type QuotaLimits } from './container-quota';
import { checkInteger, checkObject, checkRequired, FieldErrors } from './field-checks';
import { cloudValidationError, type Reply } from './replies';

/**
 * POST /cloud/v1/caas/{project_id}/{region_id}/check_limits with `{flavor, max_replicas}`: the location's
 * limits, what its containers use, and what one more of this size would, whether or not it fits.
 */
export function checkContainerLimits(
  request: ApiRequest,
  segments: { projectId: string; regionId: string },
  store: ContainerStore,
  quota: QuotaLimits,
): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(request.requestId, location.invalidFields);
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['flavor', 'max_replicas']);
  checkObject(errors, '', body.value, { flavor: checkKnownFlavor, max_replicas: (e, f, v) => checkInteger(e, f, v, 1, 25) });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);

  const { projectId, regionId } = location.location;
  const requested = requestOf(body.value.flavor, body.value.max_replicas as number);
  return { status: 200, body: quotaNumbers(quota, usageAt(store, projectId, regionId), requested) };
}
