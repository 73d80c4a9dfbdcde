import { describe, expect, it } from 'vitest';
import { parseIgnoreFile, toIgnoreFileText } from './ignore-file.js';

const findings = [
  { file: 'openapi.yaml', rule: 'SPEC_PATH_AMBIGUOUS', pointer: '/paths/~1a~1{x}' },
  { file: 'openapi.yaml', rule: 'SPEC_EXAMPLE_INVALID', pointer: '/paths/~1a/get/responses/200' },
  { file: 'openapi.yaml', rule: 'SPEC_PATH_AMBIGUOUS', pointer: '/paths/~1a~1{x}' },
  { file: 'paths/pets.yaml', rule: 'SPEC_STYLE_SUMMARY_MISSING', pointer: '/get' },
];

describe('ignore file', () => {
  it('lists each finding once, sorted by file, rule and pointer, and reads back what it wrote', () => {
    const text = toIgnoreFileText(findings);
    expect(text).toContain(
      [
        'openapi.yaml:',
        '  SPEC_EXAMPLE_INVALID:',
        "    - '#/paths/~1a/get/responses/200'",
        '  SPEC_PATH_AMBIGUOUS:',
        "    - '#/paths/~1a~1{x}'",
      ].join('\n'),
    );
    const list = parseIgnoreFile(text);
    if (typeof list === 'string') throw new Error(list);
    expect(list.size).toBe(3);
    for (const finding of findings) expect(list.ignores(finding)).toBe(true);
  });

  it('does not ignore a new finding: another pointer, rule or file', () => {
    const list = parseIgnoreFile(toIgnoreFileText(findings));
    if (typeof list === 'string') throw new Error(list);
    expect(
      list.ignores({ file: 'openapi.yaml', rule: 'SPEC_PATH_AMBIGUOUS', pointer: '/paths/~1b~1{x}' }),
    ).toBe(false);
    expect(
      list.ignores({ file: 'openapi.yaml', rule: 'SPEC_PATH_IDENTICAL', pointer: '/paths/~1a~1{x}' }),
    ).toBe(false);
    expect(
      list.ignores({ file: 'other.yaml', rule: 'SPEC_PATH_AMBIGUOUS', pointer: '/paths/~1a~1{x}' }),
    ).toBe(false);
  });

  it('refuses a file of another shape, saying what it expected', () => {
    expect(parseIgnoreFile('- a\n- b\n')).toMatch(/expected a map of file names/);
    expect(parseIgnoreFile('openapi.yaml:\n  SPEC_X: nope\n')).toMatch(/must be a list of JSON pointers/);
    expect(parseIgnoreFile('a: [\n')).toMatch(/not valid YAML/);
  });
});
