import { describe, expect, it } from 'vitest';
import { compilePattern, literalPatternOf, patternRegExp } from './value-checks.js';

describe('literal patterns', () => {
  it('read the text a prefix or a whole-key pattern compares with', () => {
    expect(literalPatternOf('^x-')).toEqual({ text: 'x-', whole: false });
    expect(literalPatternOf('^\\/')).toEqual({ text: '/', whole: false });
    expect(literalPatternOf('^\\$ref$')).toEqual({ text: '$ref', whole: true });
    expect(literalPatternOf('^a\\$')).toEqual({ text: 'a$', whole: false });
    expect(literalPatternOf('^a\\\\$')).toEqual({ text: 'a\\', whole: true });
  });

  it('leave every other pattern to the regular expression', () => {
    for (const pattern of [
      'x-',
      '^',
      '^$',
      '^3\\.0\\.\\d(-.+)?$',
      '^[a-z]+$',
      '^(get|put)$',
      '^a.c',
      '^a\\d',
    ])
      expect(literalPatternOf(pattern)).toBeUndefined();
  });

  it('match exactly what the regular expression matches', () => {
    const patterns = [
      '^x-',
      '^/',
      '^\\/',
      '^\\$ref$',
      '^a\\$',
      '^a\\\\$',
      '^x-$',
      '^-a\\-b\\.',
      '^a$',
      '^ä$',
    ];
    const texts = ['x-', 'x-a', 'X-a', '/', '/a', '$ref', '$refs', ' $ref', '$ref\n', 'a$', 'a\\', 'a'];
    const more = ['a\n', '-a-b.', '-a-b.c', '-a-bxc', '', 'x', 'ä', 'ä\n'];
    for (const pattern of patterns) {
      const compiled = compilePattern(pattern);
      const regex = patternRegExp(pattern);
      for (const text of [...texts, ...more])
        expect([pattern, text, compiled(text)]).toEqual([pattern, text, regex.test(text)]);
    }
  });
});
