import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPlainData } from './document-node.js';
import { readYamlDocument } from './yaml-reader.js';

// The YAML subset reader against a YAML writer: any tree of maps, lists and scalars written
// as block YAML reads back as the same data. Fixed seed, so CI is deterministic.

type Data = null | boolean | number | string | Data[] | { [key: string]: Data };

const key = fc.oneof(
  fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/),
  fc.string({ minLength: 1, maxLength: 8 }).map((text) => text.replace(/[\n\r]/g, ' ')),
);
const scalar: fc.Arbitrary<Data> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
    .filter((value) => !Object.is(value, -0)),
  fc.string({ maxLength: 20 }),
  fc.stringMatching(/^[A-Za-z][a-z .,/()-]{0,12}[a-z.)]$/),
);
const { tree } = fc.letrec<{ tree: Data }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 4 }).map((entries) => ({ ...entries })),
  ),
}));

function writeKey(name: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : JSON.stringify(name);
}

/** Strings that need no quotes are written plain, the rest double-quoted. */
function writeScalar(value: Data): string {
  if (typeof value !== 'string') return String(value);
  const plain =
    /^[A-Za-z][\w .,/()-]*[\w.)]$/.test(value) && !/^(null|true|false)$/i.test(value) && !/ #|: /.test(value);
  return plain ? value : JSON.stringify(value);
}

/** Block YAML: nested collections on their own lines, empty ones in flow (JSON) form. */
function writeYaml(value: Data, indent: string): string[] {
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}[]`];
    return value.flatMap((item) => {
      if (isCollection(item) && !isEmpty(item)) return [`${indent}-`, ...writeYaml(item, `${indent}  `)];
      return [`${indent}- ${inline(item)}`];
    });
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [`${indent}{}`];
    return entries.flatMap(([name, item]) => {
      if (isCollection(item) && !isEmpty(item))
        return [`${indent}${writeKey(name)}:`, ...writeYaml(item, `${indent}  `)];
      return [`${indent}${writeKey(name)}: ${inline(item)}`];
    });
  }
  return [`${indent}${writeScalar(value)}`];
}

function isCollection(value: Data): value is Data[] | { [key: string]: Data } {
  return value !== null && typeof value === 'object';
}

function isEmpty(value: Data[] | { [key: string]: Data }): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

function inline(value: Data): string {
  if (isCollection(value)) return Array.isArray(value) ? '[]' : '{}';
  return writeScalar(value);
}

describe('the lmg YAML subset reader', () => {
  it('reads back any tree written as block YAML', () => {
    fc.assert(
      fc.property(tree, (data) => {
        const text = `${writeYaml(data, '').join('\n')}\n`;
        const read = readYamlDocument(text);
        expect(read.ok, text).toBe(true);
        if (!read.ok) return;
        expect(JSON.parse(JSON.stringify(toPlainData(read.node)))).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { seed: 20_261_125, numRuns: 400 },
    );
  });
});
