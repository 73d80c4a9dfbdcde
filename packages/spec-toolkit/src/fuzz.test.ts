import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildArgs, malformedArgs, specInput, textInput } from '../test/fuzz/arbitraries.js';
import { callTool, checkAllTools } from '../test/fuzz/check-tools.js';
import { DEEP_CASES } from '../test/fuzz/deep-cases.js';
import {
  type FixtureMutation,
  fixtureMutation,
  readMutatedSpec,
  readMutatedText,
  type TextMutation,
  textMutation,
} from '../test/fuzz/mutations.js';
import type { BuildSpecArgs } from './index.js';
import { buildSpec, diff, exampleRequest, listEndpoints, toMarkdown, validate } from './index.js';

// Property-based fuzzing of every public tool: random, malformed and mutated real inputs must all
// get a plain JSON result within the time limit, never a throw. Seeds are fixed so a failure
// reproduces; fast-check prints the shrunk counterexample. Helpers live in ../test/fuzz/.
describe('spec toolkit under fuzzing', () => {
  it('answers random JSON values and spec-shaped documents with plain results', async () => {
    await fc.assert(
      fc.asyncProperty(specInput, (spec) => checkAllTools(spec)),
      { seed: 101, numRuns: 700 },
    );
  });

  it('answers random strings and YAML-like text with plain results', async () => {
    await fc.assert(
      fc.asyncProperty(textInput, (text) => checkAllTools(text)),
      { seed: 202, numRuns: 1000 },
    );
  });

  it('answers real specs with random structural mutations', async () => {
    const check = async (mutation: FixtureMutation) => {
      const { spec, original } = readMutatedSpec(mutation);
      await checkAllTools(spec, original);
    };
    await fc.assert(fc.asyncProperty(fixtureMutation, check), { seed: 303, numRuns: 700 });
  });

  it('answers truncated and key-duplicated spec text with plain results', async () => {
    const check = async (mutation: TextMutation) => {
      const { spec, original } = readMutatedText(mutation);
      await checkAllTools(spec, original);
    };
    await fc.assert(fc.asyncProperty(textMutation, check), { seed: 404, numRuns: 700 });
  });

  it.each(DEEP_CASES)('answers %s in bounded time', async (_name, spec) => {
    await checkAllTools(spec);
  });

  it('answers malformed arguments instead of throwing', async () => {
    const tools = { validate, diff, listEndpoints, exampleRequest, toMarkdown, buildSpec };
    const check = async (args: unknown) => {
      for (const [name, tool] of Object.entries(tools)) {
        await callTool(name, () => (tool as (input: unknown) => unknown)(args));
      }
    };
    await fc.assert(fc.asyncProperty(malformedArgs, check), { seed: 505, numRuns: 700 });
  });

  it('builds a spec that validates from any endpoint list', async () => {
    const check = async (input: unknown) => {
      const built = await callTool('buildSpec', () => buildSpec(input as BuildSpecArgs));
      expect(validate({ spec: built.spec }).errors).toEqual([]);
    };
    await fc.assert(fc.asyncProperty(buildArgs, check), { seed: 606, numRuns: 700 });
  });
});
