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
    if (!token.includes('~')) continue;
    if (/~[^01]|~$/.test(token)) return null;
    tokens[i] = token.replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return tokens;
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
