import { expect } from 'vitest';
import type { ListEndpointsResult, ValidateResult } from '../../src/index.js';
import { diff, exampleRequest, listEndpoints, toMarkdown, validate } from '../../src/index.js';
import { PETSTORE_3_0 } from './fixtures.js';

// The contract every public tool shares: a plain JSON result object, quickly, never a throw.
const CALL_LIMIT_MS = 2000;
const CODE = /^SPEC_[A-Z0-9]+(?:_[A-Z0-9]+)*$/;

/** The pointer of the first value JSON cannot carry faithfully, or undefined when all is plain JSON. */
function findNonJson(value: unknown, at = ''): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : at;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findNonJson(value[index], `${at}/${index}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object') return at;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return at;
  for (const [key, entry] of Object.entries(value)) {
    // An absent optional member is fine: JSON drops it, and the reader sees the same thing.
    const found = entry === undefined ? undefined : findNonJson(entry, `${at}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function assertDiagnostics(tool: string, list: unknown): void {
  if (!Array.isArray(list)) throw new Error(`${tool}: diagnostics are not an array`);
  for (const item of list as Record<string, unknown>[]) {
    const where = `${tool}: ${JSON.stringify(item)}`;
    expect(typeof item.code === 'string' && CODE.test(item.code), `${where} code`).toBe(true);
    expect(typeof item.message === 'string' && item.message.length > 0, `${where} message`).toBe(true);
    expect(
      item.path === '' || (typeof item.path === 'string' && item.path.startsWith('/')),
      `${where} path`,
    ).toBe(true);
    for (const key of ['line', 'column'] as const) {
      const position = item[key];
      expect(position === undefined || (Number.isInteger(position) && Number(position) >= 1), where).toBe(
        true,
      );
    }
  }
}

/** Calls one tool and checks the contract every tool shares; returns the result for more checks. */
export async function callTool(tool: string, run: () => unknown): Promise<Record<string, unknown>> {
  const started = performance.now();
  let result: unknown;
  try {
    result = await run();
  } catch (error) {
    throw new Error(
      `${tool} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
  const elapsed = performance.now() - started;
  if (elapsed > CALL_LIMIT_MS) throw new Error(`${tool} took ${elapsed.toFixed(0)} ms`);
  if (typeof result !== 'object' || result === null || Array.isArray(result)) {
    throw new Error(`${tool} returned ${JSON.stringify(result)}, not a result object`);
  }
  const offender = findNonJson(result);
  if (offender !== undefined) throw new Error(`${tool}: result is not plain JSON at "${offender}"`);
  expect(JSON.parse(JSON.stringify(result)), `${tool}: JSON round trip`).toEqual(result);
  const record = result as Record<string, unknown>;
  assertDiagnostics(tool, record.errors);
  if (record.warnings !== undefined) assertDiagnostics(tool, record.warnings);
  return record;
}

async function checkValidate(tool: string, run: () => ValidateResult): Promise<void> {
  const result = (await callTool(tool, run)) as unknown as ValidateResult;
  expect(result.valid, `${tool}: valid matches errors`).toBe(result.errors.length === 0);
  expect(Array.isArray(result.warnings), `${tool}: warnings`).toBe(true);
}

/** Literal text on the snapshot stack, as opposed to a value still to be written. */
class Literal {
  constructor(readonly text: string) {}
}

/**
 * A canonical text of a JSON value, built with an explicit stack: inputs nest thousands of levels
 * deep, past where the recursive JSON.stringify can be trusted not to overflow the stack itself.
 */
function writeSnapshot(root: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Literal) {
      out.push(item.text);
    } else if (typeof item === 'object' && item !== null) {
      out.push(Array.isArray(item) ? '[' : '{');
      stack.push(new Literal(Array.isArray(item) ? ']' : '}'));
      for (const [key, value] of Object.entries(item).reverse()) {
        stack.push(new Literal(','), value, new Literal(`${JSON.stringify(key)}:`));
      }
    } else {
      out.push(String(JSON.stringify(item)));
    }
  }
  return out.join('');
}

/** Runs every spec-reading tool on `spec`, diffing it against `original` both ways. */
export async function checkAllTools(spec: unknown, original: unknown = PETSTORE_3_0): Promise<void> {
  const before = [spec, original].map(writeSnapshot);
  await checkValidate('validate', () => validate({ spec }));
  await checkValidate('validate strict', () => validate({ spec, options: { strict: true } }));
  await callTool('diff', () => diff({ specA: original, specB: spec }));
  await callTool('diff reversed', () => diff({ specA: spec, specB: original }));
  const listed = (await callTool('listEndpoints', () =>
    listEndpoints({ spec }),
  )) as unknown as ListEndpointsResult;
  const first = listed.endpoints[0];
  const target = first ? { spec, method: first.method, path: first.path } : { spec };
  await callTool('exampleRequest', () => exampleRequest(target));
  await callTool('toMarkdown', () => toMarkdown({ spec }));
  const after = [spec, original].map(writeSnapshot);
  expect(after, 'a tool changed its input').toEqual(before);
}
