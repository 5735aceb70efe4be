/** A zone at the end of an ISO 8601 time: Z, or an offset with or without its colon. */
const ZONE = /[zZ]|[+-]\d\d:?\d\d$/;

/**
 * An ISO 8601 time as Gcore writes it, in ms since the epoch (NaN when it is not one). Gcore's times come
 * with and without a zone; one without is UTC, not the machine's local time that Date.parse would assume.
 */
export function utcTimeMs(text: string): number {
  return Date.parse(ZONE.test(text) ? text : `${text}Z`);
}
