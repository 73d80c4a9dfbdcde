import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRepeatedTemplate } from './path-rules.js';

/** The definition `findRepeatedTemplate` implements without a match list. */
const byRegex = (path: string): string | undefined => {
  const names: string[] = path.match(/\{[^}]*\}/g) ?? [];
  return names.find((name, index) => name !== '{}' && names.indexOf(name) !== index);
};

describe('findRepeatedTemplate', () => {
  it('finds the first {template} named twice, as a list of /\\{[^}]*\\}/g matches does', () => {
    expect(findRepeatedTemplate('/a/{id}/b/{id}')).toBe('{id}');
    expect(findRepeatedTemplate('/a/{id}/b/{other}')).toBeUndefined();
    for (const path of ['{}{}', '{a{b}{a{b}', '}{a}{a}', '{a}{b}{b}{a}', '{', '{a}{a', '/a/b']) {
      expect(findRepeatedTemplate(path)).toBe(byRegex(path));
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[{}ab/]*$/), (path) => {
        expect(findRepeatedTemplate(path)).toBe(byRegex(path));
      }),
      { numRuns: 3000 },
    );
  });
});
