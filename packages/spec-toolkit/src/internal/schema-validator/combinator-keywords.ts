import type { CompilerContext, KeywordCheck } from './compiler-context.js';
import { pointerOf } from './compiler-context.js';
import type { CompiledSchema, SchemaError } from './json-schema.js';

type Schema = Record<string, unknown>;

function hasRefMember(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, '$ref');
}

/** An object with no `$ref` member: every branch with `required: ["$ref"]` rejects it. */
function lacksRef(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.hasOwn(value, '$ref')
  );
}

/**
 * Explains why no alternative matched by reporting the most plausible one: the branch shaped
 * like a Reference Object when the value has `$ref`, otherwise the branch whose errors reach
 * deepest into the value (it matched the most before failing), then the one with fewest errors.
 */
function explainBestBranch(
  branches: CompiledSchema[],
  value: unknown,
  path: string[],
  out: SchemaError[],
): void {
  const wantsRef = hasRefMember(value);
  let best: SchemaError[] | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const branch of branches) {
    const errors: SchemaError[] = [];
    branch.explain(value, path, errors);
    if (errors.length === 0) continue;
    let depth = 0;
    for (const error of errors) depth = Math.max(depth, error.path.split('/').length);
    const refBonus = wantsRef === branch.requiresRef ? 1_000_000 : 0;
    const score = refBonus + depth * 1000 - Math.min(errors.length, 999);
    if (score > bestScore) {
      bestScore = score;
      best = errors;
    }
  }
  if (best === null) {
    out.push({ path: pointerOf(path), keyword: 'oneOf', message: 'Does not match any allowed shape.' });
    return;
  }
  for (const error of best) out.push(error);
}

/** `allOf`, `anyOf`, `oneOf`, `not`, and `if`/`then`/`else`. */
export function compileCombinators(schema: Schema, context: CompilerContext): KeywordCheck[] {
  const checks: KeywordCheck[] = [];
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((sub) => context.compile(sub));
    checks.push({
      test: (value) => {
        for (let index = 0; index < parts.length; index++) {
          if (!(parts[index] as CompiledSchema).test(value)) return false;
        }
        return true;
      },
      explain(value, path, out) {
        for (const part of parts) if (!part.test(value)) part.explain(value, path, out);
      },
    });
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf.map((sub) => context.compile(sub));
    checks.push({
      test: (value) => {
        const skipRefBranches = lacksRef(value);
        for (let index = 0; index < branches.length; index++) {
          const branch = branches[index] as CompiledSchema;
          if (skipRefBranches && branch.requiresRef) continue;
          if (branch.test(value)) return true;
        }
        return false;
      },
      explain: (value, path, out) => explainBestBranch(branches, value, path, out),
    });
  }
  if (Array.isArray(schema.oneOf)) {
    const branches = schema.oneOf.map((sub) => context.compile(sub));
    const passing = (value: unknown): number => {
      let count = 0;
      // A branch that requires `$ref` fails on an object without one: no need to run it.
      const skipRefBranches = lacksRef(value);
      for (let index = 0; index < branches.length; index++) {
        const branch = branches[index] as CompiledSchema;
        if (skipRefBranches && branch.requiresRef) continue;
        if (branch.test(value)) count++;
      }
      return count;
    };
    checks.push({
      test: (value) => passing(value) === 1,
      explain(value, path, out) {
        if (passing(value) === 0) explainBestBranch(branches, value, path, out);
        else
          out.push({
            path: pointerOf(path),
            keyword: 'oneOf',
            message: 'Matches more than one allowed shape.',
          });
      },
    });
  }
  if (schema.not !== undefined) {
    const negated = context.compile(schema.not);
    checks.push({
      test: (value) => !negated.test(value),
      explain(_value, path, out) {
        out.push({
          path: pointerOf(path),
          keyword: 'not',
          message: 'This value has a shape that is not allowed here.',
        });
      },
    });
  }
  if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
    const condition = context.compile(schema.if);
    const then = schema.then === undefined ? null : context.compile(schema.then);
    const otherwise = schema.else === undefined ? null : context.compile(schema.else);
    const pick = (value: unknown): CompiledSchema | null => (condition.test(value) ? then : otherwise);
    checks.push({
      test: (value) => pick(value)?.test(value) ?? true,
      explain: (value, path, out) => pick(value)?.explain(value, path, out),
    });
  }
  return checks;
}
