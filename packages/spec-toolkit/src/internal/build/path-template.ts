/** A path turned into an OpenAPI template, or the reason it cannot be one. */
export type PathReading =
  | { ok: true; path: string; names: string[]; shape: string }
  | { ok: false; message: string };

// Express parameters start a segment (`/pets/:id`); a colon elsewhere is literal (`/v1/{name}:run`).
const EXPRESS_PARAM = /(?<=\/):([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Reads an endpoint path: converts Express `:name` segments to `{name}` and checks that the
 * result is an OpenAPI path template (starts with `/`, no query or fragment, balanced
 * non-empty unique `{names}`). `shape` has every name blanked, because OpenAPI treats
 * `/pets/{id}` and `/pets/{petId}` as the same path.
 *
 * @example
 * readPathTemplate('/pets/:id'); // { ok: true, path: '/pets/{id}', names: ['id'], shape: '/pets/{}' }
 */
export function readPathTemplate(raw: unknown): PathReading {
  if (typeof raw !== 'string')
    return { ok: false, message: 'The path must be a string such as "/pets/{id}".' };
  if (!raw.startsWith('/')) return { ok: false, message: `The path "${raw}" must start with "/".` };
  if (/[?#]/.test(raw)) {
    return { ok: false, message: `The path "${raw}" must not hold a query string or fragment.` };
  }
  if (/\s/.test(raw)) return { ok: false, message: `The path "${raw}" must not contain whitespace.` };
  const path = raw.replace(EXPRESS_PARAM, '{$1}');
  const names: string[] = [];
  let rest = path;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open === -1 && close === -1) break;
    if (close === -1) return { ok: false, message: `The path "${raw}" has an unmatched "{".` };
    if (open === -1 || close < open) return { ok: false, message: `The path "${raw}" has an unmatched "}".` };
    const inner = rest.slice(open + 1, close);
    if (inner.includes('{')) return { ok: false, message: `The path "${raw}" has an unmatched "{".` };
    if (inner === '' || inner.includes('/')) {
      return { ok: false, message: `The path "${raw}" has an empty or invalid parameter name.` };
    }
    if (names.includes(inner)) {
      return { ok: false, message: `The path "${raw}" names the parameter "${inner}" twice.` };
    }
    names.push(inner);
    rest = rest.slice(close + 1);
  }
  return { ok: true, path, names, shape: path.replace(/\{[^{}]*\}/g, '{}') };
}
