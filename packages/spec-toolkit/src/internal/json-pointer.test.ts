import { describe, expect, it } from 'vitest';
import { parsePointer, toPointer } from './json-pointer.js';

/** RFC 6901's unescaping as regular expressions: what `parsePointer` did before its own loop. */
function parseWithRegExps(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const tokens = pointer.slice(1).split('/');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (/~[^01]|~$/.test(token)) return null;
    tokens[i] = token.replace(/~1/g, '/').replace(/~0/g, '~');
  }
  return tokens;
}

describe('parsePointer', () => {
  it('unescapes ~1 and ~0 left to right', () => {
    expect(parsePointer('/paths/~1a~1{id}/get')).toEqual(['paths', '/a/{id}', 'get']);
    expect(parsePointer('/~01')).toEqual(['~1']);
    expect(parsePointer('/~10')).toEqual(['/0']);
    expect(parsePointer('/a~0~1b/~0~0')).toEqual(['a~/b', '~~']);
    expect(parsePointer('/content/application~1json/examples')).toEqual([
      'content',
      'application/json',
      'examples',
    ]);
  });

  it('refuses a ~ followed by anything but 0 or 1', () => {
    expect(parsePointer('/a~')).toBeNull();
    expect(parsePointer('/a~2')).toBeNull();
    expect(parsePointer('/ok/~~1')).toBeNull();
    expect(parsePointer('/~1/b~x')).toBeNull();
    expect(parsePointer('a')).toBeNull();
  });

  it('reads every pointer of ~, 0, 1, / and a letter as RFC 6901 does', () => {
    const alphabet = ['~', '0', '1', '/', 'a'];
    const pointers: string[] = [''];
    for (let length = 1; length <= 6; length++) {
      for (let n = 0; n < alphabet.length ** length; n++) {
        let pointer = '/';
        for (let rest = n, i = 0; i < length; i++, rest = Math.floor(rest / alphabet.length))
          pointer += alphabet[rest % alphabet.length];
        pointers.push(pointer);
      }
    }
    for (const pointer of pointers) expect(parsePointer(pointer), pointer).toEqual(parseWithRegExps(pointer));
  });

  it('reverses toPointer', () => {
    const tokens = ['paths', '/a~b/{c}', '~1', '', '0'];
    expect(parsePointer(toPointer(tokens))).toEqual(tokens);
  });
});
