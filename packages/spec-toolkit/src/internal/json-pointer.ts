/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  const text = String(token);
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON pointer from reference tokens. */
export function toPointer(tokens: readonly (string | number)[]): string {
  let out = '';
  for (const token of tokens) out += `/${escapePointerToken(token)}`;
  return out;
}

/** Splits a JSON pointer into unescaped tokens; `null` when it is not a valid pointer. */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  // Most pointers escape nothing: no token then needs checking or unescaping.
  if (!pointer.includes('~')) return tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const tilde = token.indexOf('~');
    if (tilde === -1) continue;
    const unescaped = unescapeToken(token, tilde);
    if (unescaped === null) return null;
    tokens[i] = unescaped;
  }
  return tokens;
}

/**
 * `~1` to `/` and `~0` to `~`, left to right (RFC 6901), from the first `~` at `tilde`; null
 * for a `~` followed by anything else. Regular expressions cost several times more here, and
 * findings' pointers (paths, media types) escape in almost every one.
 */
function unescapeToken(token: string, tilde: number): string | null {
  let out = '';
  let from = 0;
  let at = tilde;
  while (at !== -1) {
    const next = token.charCodeAt(at + 1);
    if (next !== 48 && next !== 49) return null;
    out += token.slice(from, at) + (next === 49 ? '/' : '~');
    from = at + 2;
    at = token.indexOf('~', from);
  }
  return out + token.slice(from);
}

/** Appends one token to a pointer. */
export function joinPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapePointerToken(token)}`;
}

/** Reads the value a list of tokens points at; `undefined` when any step is missing. */
export function readAtTokens(root: unknown, tokens: readonly string[]): unknown {
  let current: unknown = root;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isPlainObject(current)) {
      if (!Object.hasOwn(current, token)) return undefined;
      current = current[token];
    } else {
      return undefined;
    }
  }
  return current;
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
