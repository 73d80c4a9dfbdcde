import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';

type Json = Record<string, unknown>;
type Operation = { parameters?: Json[]; responses?: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const operationsOf = (item: Json): string[] => METHODS.filter((method) => item[method] !== undefined);

/**
 * Removes one operation, one response of another operation, and makes one inline optional
 * query parameter of a third required, each picked deterministically; returns what diff must say.
 */
function mutate(doc: { paths: Record<string, Json> }): string[] {
  const entries = Object.entries(doc.paths);
  const [removedPath, removedItem] = entries.find(([, item]) => operationsOf(item).length >= 2) as [
    string,
    Json,
  ];
  const removedMethod = operationsOf(removedItem).at(-1) as string;
  delete removedItem[removedMethod];
  const expected = [`operation-removed ${removedMethod.toUpperCase()} ${removedPath}`];

  let responseDone = false;
  let parameterDone = false;
  for (const [path, item] of entries) {
    if (path === removedPath) continue;
    for (const method of operationsOf(item)) {
      const operation = item[method] as Operation;
      const key = `${method.toUpperCase()} ${path}`;
      const codes = Object.keys(operation.responses ?? {});
      if (!responseDone && codes.length >= 2) {
        delete operation.responses?.[codes.at(-1) as string];
        expected.push(`response-removed ${key}`);
        responseDone = true;
        continue;
      }
      const optional = operation.parameters?.find(
        (p) => p.$ref === undefined && p.in === 'query' && p.required !== true,
      );
      if (!parameterDone && responseDone && optional) {
        optional.required = true;
        expected.push(`request-parameter-became-required ${key}`);
        parameterDone = true;
      }
    }
  }
  return expected;
}

describe("GitHub's REST description", () => {
  let source: { paths: Record<string, Json> };
  let text: string;

  beforeAll(() => {
    const root = dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json'));
    text = readFileSync(join(root, 'generated', 'api.github.com.json'), 'utf8');
    source = JSON.parse(text);
  });

  it('has no changes against a copy of itself', () => {
    const copy = structuredClone(source);
    // How fast is the benchmark's business (bench/spec-toolkit diff), not a test's.
    const result = diff({ specA: source, specB: copy });
    expect(result.errors).toEqual([]);
    expect(result.summary.text).toBe('No changes.');
  });

  it('reports exactly one removed operation, one removed response and one parameter made required', () => {
    const copy = structuredClone(source);
    const expected = mutate(copy);
    expect(expected).toHaveLength(3);
    const result = diff({ specA: source, specB: copy });
    expect(result.breaking.map((change) => `${change.id} ${change.operation}`).sort()).toEqual(
      [...expected].sort(),
    );
    expect(result.changes).toHaveLength(3);
    expect(result.removed).toEqual([expected[0]?.replace('operation-removed ', '')]);
    expect(result.summary).toMatchObject({ breaking: 3, removed: 1, changed: 2, added: 0 });
  });

  it('compares the published text with itself like the parsed object', () => {
    const result = diff({ specA: text, specB: text });
    expect(result.errors).toEqual([]);
    expect(result.changes).toEqual([]);
  });
});
