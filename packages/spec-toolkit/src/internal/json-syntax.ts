/** Where and why JSON text is malformed. */
export interface JsonSyntaxError {
  offset: number;
  message: string;
}

/**
 * Finds the first syntax error in JSON text that `JSON.parse` rejected, because V8's messages
 * do not always carry a position. Iterative, so deep nesting cannot overflow the stack.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError {
  let i = 0;
  const n = text.length;
  const stack: ('object' | 'array')[] = [];
  const ws = (): void => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const describe = (at: number): string => (at >= n ? 'end of input' : `"${text[at]}"`);
  const fail = (expected: string): JsonSyntaxError => ({
    offset: i,
    message: `Unexpected ${describe(i)}, expected ${expected}`,
  });
  const readString = (): JsonSyntaxError | null => {
    i++;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return null;
      }
      if (c < 32) return { offset: i, message: 'Unescaped control character in a string' };
      if (c === 92) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            return { offset: i, message: 'Invalid \\u escape in a string' };
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) i += 2;
        else return { offset: i, message: 'Invalid escape in a string' };
      } else i++;
    }
    return { offset: n, message: 'Unterminated string' };
  };
  /** Reads `"name":` at the start of an object member. */
  const readMemberName = (): JsonSyntaxError | null => {
    if (text[i] !== '"') return fail('a property name in double quotes');
    const bad = readString();
    if (bad) return bad;
    ws();
    if (text[i] !== ':') return fail('":"');
    i++;
    return null;
  };
  const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
  // `expectValue` is true where a value must come next; otherwise a separator or a closer.
  let expectValue = true;
  ws();
  if (i >= n) return fail('a value');
  for (;;) {
    ws();
    const top = stack[stack.length - 1];
    if (expectValue) {
      const c = text[i];
      if (c === '{') {
        i++;
        ws();
        if (text[i] === '}') {
          i++;
          expectValue = false;
          continue;
        }
        stack.push('object');
        const bad = readMemberName();
        if (bad) return bad;
        continue;
      }
      if (c === '[') {
        i++;
        ws();
        if (text[i] === ']') {
          i++;
          expectValue = false;
          continue;
        }
        stack.push('array');
        continue;
      }
      if (c === '"') {
        const bad = readString();
        if (bad) return bad;
      } else if (text.startsWith('true', i)) i += 4;
      else if (text.startsWith('false', i)) i += 5;
      else if (text.startsWith('null', i)) i += 4;
      else {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) return fail('a value');
        i = NUMBER.lastIndex;
      }
      expectValue = false;
      continue;
    }
    if (top === undefined) {
      return i >= n ? { offset: n, message: 'The text is valid JSON' } : fail('end of input');
    }
    const c = text[i];
    if (c === ',') {
      i++;
      ws();
      if (top === 'object') {
        const bad = readMemberName();
        if (bad) return bad;
      }
      expectValue = true;
      continue;
    }
    if ((top === 'object' && c === '}') || (top === 'array' && c === ']')) {
      i++;
      stack.pop();
      continue;
    }
    return fail(top === 'object' ? '"," or "}"' : '"," or "]"');
  }
}
