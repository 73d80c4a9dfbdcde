import { describe, expect, it } from 'vitest';
import { createExampleChecker } from './example-rules.js';
import { child, type RuleContext } from './rule-context.js';

/** A checker over a small 3.0 document, and the messages of what it reported, by place. */
function createChecked() {
  const doc = {
    components: {
      schemas: {
        Name: { type: 'string', maxLength: 3 },
        Pet: { type: 'object', properties: { name: { $ref: '#/components/schemas/Name' } } },
      },
    },
  };
  const context: RuleContext = { doc, version: '3.0', strict: false, findings: [] };
  const checker = createExampleChecker(context);
  const reported = () => context.findings.map((finding) => `${finding.path} ${finding.message}`);
  return { doc, checker, reported };
}

describe('example checks of one schema meeting several values', () => {
  it('judge each value, whether the schema has subschemas or not', () => {
    const { doc, checker, reported } = createChecked();
    const { Name, Pet } = doc.components.schemas;
    const long = 'long';
    const ref = { $ref: '#/components/schemas/Name' };
    // Pass, fail, pass again, fail again: a verdict kept per schema alone would repeat the first.
    for (const [schema, values] of [
      [Name, ['abc', long, 'ab', long]],
      [ref, ['abc', long, 'ab', long]],
      [Pet, [{ name: 'a' }, { name: long }, { name: 'b' }, { name: long }]],
    ] as const) {
      values.forEach((value, index) => {
        checker.check(schema, value, child(null, index));
      });
    }
    const failure = 'Example does not match its schema: must be at most 3 characters long.';
    const inPet = 'Example does not match its schema at /name: must be at most 3 characters long.';
    const advice = ' Fix the example, or the schema if the example is right.';
    expect(reported()).toEqual([
      `/1 ${failure}${advice}`,
      `/3 ${failure}${advice}`,
      `/1 ${failure}${advice}`,
      `/3 ${failure}${advice}`,
      `/1 ${inPet}${advice}`,
      `/3 ${inPet}${advice}`,
    ]);
  });

  it('judge one value under each schema it meets', () => {
    const { doc, checker, reported } = createChecked();
    const value = { name: 'long' };
    checker.check(doc.components.schemas.Pet, value, child(null, 'pet'));
    checker.check({ type: 'object' }, value, child(null, 'object'));
    checker.check({ type: 'array' }, value, child(null, 'array'));
    checker.check({ description: 'anything' }, value, child(null, 'any'));
    expect(reported().map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      '/pet Example does not match its schema at /name',
      '/array Example does not match its schema',
    ]);
  });
});
