const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@:/]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Only URLs with an authority (`scheme://`): `a:b` strings are too often not URIs at all.
const URI = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;

/**
 * The JSON-schema `format` a sample string shows, or undefined: `uuid`, `date-time`
 * (RFC 3339 with a `T` and a zone), `date`, `email` or `uri` (with `scheme://`).
 *
 * @example
 * detectStringFormat('2024-02-29'); // 'date'
 */
export function detectStringFormat(value: string): string | undefined {
  if (UUID.test(value)) return 'uuid';
  const dateTime = DATE_TIME.exec(value);
  if (dateTime) return isCalendarDate(dateTime[1] as string) ? 'date-time' : undefined;
  if (DATE.test(value)) return isCalendarDate(value) ? 'date' : undefined;
  if (EMAIL.test(value)) return 'email';
  if (URI.test(value)) return 'uri';
  return undefined;
}

function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
  return day <= days;
}
