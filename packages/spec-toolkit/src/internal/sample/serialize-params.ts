import type { SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';

/** How an array or object parameter is spread: the separator between items, and whether each item repeats the name. */
interface Spread {
  explode: boolean;
  separator: string;
  deepObject?: boolean;
}

const SWAGGER_SEPARATORS: Record<string, string> = { csv: ',', ssv: '%20', tsv: '%09', pipes: '%7C' };
const STYLE_SEPARATORS: Record<string, string> = {
  form: ',',
  simple: ',',
  spaceDelimited: '%20',
  pipeDelimited: '%7C',
};

function readSpread(parameter: Record<string, unknown>, version: SpecVersion, defaultStyle: string): Spread {
  if (version === '2.0') {
    const format = typeof parameter.collectionFormat === 'string' ? parameter.collectionFormat : 'csv';
    return { explode: format === 'multi', separator: SWAGGER_SEPARATORS[format] ?? ',' };
  }
  const style = typeof parameter.style === 'string' ? parameter.style : defaultStyle;
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  return { explode, separator: STYLE_SEPARATORS[style] ?? ',', deepObject: style === 'deepObject' };
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const encode = (value: unknown): string => encodeURIComponent(toText(value));

/**
 * Query string pieces (`name=value`, already percent-encoded) for one parameter value, following
 * `style`/`explode` (3.x, default form + explode) or `collectionFormat` (2.0, default csv).
 *
 * @example
 * ```ts
 * toQueryPairs('tag', ['a b', 'c'], { in: 'query' }, '3.0'); // ['tag=a%20b', 'tag=c']
 * ```
 */
export function toQueryPairs(
  name: string,
  value: unknown,
  parameter: Record<string, unknown>,
  version: SpecVersion,
): string[] {
  const key = encodeURIComponent(name);
  const spread = readSpread(parameter, version, 'form');
  if (Array.isArray(value)) {
    if (spread.explode) return value.map((item) => `${key}=${encode(item)}`);
    return [`${key}=${value.map(encode).join(spread.separator)}`];
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value);
    if (spread.deepObject)
      return entries.map(([k, v]) => `${key}${encodeURIComponent(`[${k}]`)}=${encode(v)}`);
    if (spread.explode) return entries.map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`);
    return [`${key}=${entries.map(([k, v]) => `${encodeURIComponent(k)},${encode(v)}`).join(',')}`];
  }
  return [`${key}=${encode(value)}`];
}

/**
 * A path segment value, percent-encoded, in the `simple` (default), `label` or `matrix` style.
 *
 * @example
 * ```ts
 * toPathValue('id', 'a/b', { in: 'path' }, '3.0'); // 'a%2Fb'
 * ```
 */
export function toPathValue(
  name: string,
  value: unknown,
  parameter: Record<string, unknown>,
  version: SpecVersion,
): string {
  const spread = readSpread(parameter, version, 'simple');
  const style = version === '2.0' ? 'simple' : parameter.style;
  let items: string[];
  if (Array.isArray(value)) items = value.map(encode);
  else if (isPlainObject(value)) {
    items = Object.entries(value).map(
      ([k, v]) => `${encodeURIComponent(k)}${spread.explode ? '=' : ','}${encode(v)}`,
    );
  } else items = [encode(value)];
  if (style === 'label') return `.${items.join(spread.explode ? '.' : ',')}`;
  if (style !== 'matrix') return items.join(',');
  const key = encodeURIComponent(name);
  if (spread.explode && Array.isArray(value)) return items.map((item) => `;${key}=${item}`).join('');
  if (spread.explode && isPlainObject(value)) return items.map((item) => `;${item}`).join('');
  return `;${key}=${items.join(',')}`;
}

/**
 * A header or cookie value in the `simple` style; not percent-encoded, line breaks folded to spaces.
 *
 * @example
 * ```ts
 * toHeaderValue([1, 2]); // '1,2'
 * ```
 */
export function toHeaderValue(value: unknown): string {
  let text: string;
  if (Array.isArray(value)) text = value.map(toText).join(',');
  else if (isPlainObject(value))
    text = Object.entries(value)
      .map(([k, v]) => `${k},${toText(v)}`)
      .join(',');
  else text = toText(value);
  return text.replace(/[\r\n]+/g, ' ');
}
