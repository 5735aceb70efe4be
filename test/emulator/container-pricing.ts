import type { ApiRequest } from './api-request';
import { readCloudJsonObject } from './cloud-json-body';
import { parseCloudLocation } from './cloud-location';
import { checkKnownFlavor } from './container-create-validation';
import { flavorSize } from './container-quota';
import { checkScale } from './container-update-validation';
import { checkObject, checkRequired, FieldErrors } from './field-checks';
import { cloudValidationError, type Reply } from './replies';

// Made-up rates of the right order: euros per vCPU hour and per GiB hour.
const EUR_PER_CPU_HOUR = 0.021;
const EUR_PER_GIB_HOUR = 0.0052;
const HOURS_PER_MONTH = 730;

/** Rounded in decimal, so that 0.02355 (0.023549999… in binary) gives 0.0236 as a person would round it. */
export function rounded(value: number, digits: number): number {
  const scaled = Number((value * 10 ** digits).toPrecision(12));
  return Math.round(scaled) / 10 ** digits;
}

/** What a container of this size costs at most: every one of `maxInstances` running all the time. */
export function containerPrice(flavor: string, maxInstances: number): { perHour: number; perMonth: number } {
  const size = flavorSize(flavor) ?? { cpu: 0, ram: 0 };
  const perHour = rounded(maxInstances * ((size.cpu / 1000) * EUR_PER_CPU_HOUR + (size.ram / 1024) * EUR_PER_GIB_HOUR), 4);
  return { perHour, perMonth: rounded(perHour * HOURS_PER_MONTH, 2) };
}

/** POST /cloud/v1/pricing/{project_id}/{region_id}/caas with `{flavor, scale: {min, max}}`. */
export function priceContainer(request: ApiRequest, segments: { projectId: string; regionId: string }): Reply {
  const location = parseCloudLocation(segments.projectId, segments.regionId);
  if (!location.ok) return cloudValidationError(request.requestId, location.invalidFields);
  const body = readCloudJsonObject(request);
  if (!body.ok) return body.reply;
  const errors = new FieldErrors();
  checkRequired(errors, body.value, ['flavor', 'scale']);
  checkObject(errors, '', body.value, { flavor: checkKnownFlavor, scale: checkScale });
  if (!errors.empty) return cloudValidationError(request.requestId, errors.fields);

  const { max } = body.value.scale as { max: number };
  const price = containerPrice(body.value.flavor as string, max);
  return {
    status: 200,
    body: {
      currency_code: 'EUR',
      price_per_hour: price.perHour,
      price_per_month: price.perMonth,
      price_status: 'show',
      discount_percent: 0,
    },
  };
}
