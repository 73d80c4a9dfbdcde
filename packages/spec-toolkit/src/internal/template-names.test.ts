import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { templateNames } from './spec-model.js';

/** The definition `templateNames` implements without match objects. */
const byRegex = (path: string): string[] => [...path.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] as string);

describe('templateNames', () => {
  it('finds the {names} of a path, as the regular expression /\\{([^{}]*)\\}/g does', () => {
    expect(templateNames('/repos/{owner}/{repo}')).toEqual(['owner', 'repo']);
    for (const path of ['{{a}}', '{a{b}', '}{a}', '{}', '{', 'x{a}b{c', '/a/b']) {
      expect(templateNames(path)).toEqual(byRegex(path));
    }
    fc.assert(
      fc.property(fc.stringMatching(/^[{}ab/]*$/), (path) => {
        expect(templateNames(path)).toEqual(byRegex(path));
      }),
      { numRuns: 2000 },
    );
  });
});
