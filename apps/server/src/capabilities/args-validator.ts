import { Ajv, type ValidateFunction } from 'ajv';
import { CapabilityError } from '../errors/capability-error.js';
import type { JsonSchema } from './capability-types.js';

/** One problem with the arguments: a JSON pointer into them and what is wrong there. */
export interface ArgsIssue {
  path: string;
  message: string;
}

/**
 * Checks (and fills the schema defaults of) one capability's arguments; throws (or rejects with)
 * `CAP_INVALID_ARGS`. A registered capability's validator answers at once; a user-supplied
 * schema's (`UserSchemas.validatorFor`) answers from the schema thread.
 */
export type ArgsValidator = (args: unknown) => Record<string, unknown> | Promise<Record<string, unknown>>;

// One Ajv for the install's own schemas (registered capabilities, and those of sources whose
// schemas the install writes): no type coercion ("5" is not 5, true is not 1), every error,
// compiled on the main thread with JavaScript patterns. Schemas from outside (stored functions,
// remote MCP tools) compile on the schema thread with linear-time ones (user-schemas.ts).
const ajv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, strict: false });

/**
 * Compiles `schema` once into a validator for capability `id`. The validator works on a copy
 * (defaults are written into the copy, never into the caller's object) and answers it; bad
 * arguments throw `CAP_INVALID_ARGS` with `details.issues` ({ path, message } per problem).
 *
 * @example
 * const validate = compileArgsValidator('spec.validate', { type: 'object', required: ['spec'] });
 * validate({}); // throws CAP_INVALID_ARGS: (args) must have required property 'spec'
 */
export function compileArgsValidator(id: string, schema: JsonSchema): ArgsValidator {
  const check: ValidateFunction = ajv.compile(schema);
  return (args) => {
    const copy = args === undefined ? {} : structuredClone(args);
    if (check(copy)) return copy as Record<string, unknown>;
    const issues: ArgsIssue[] = (check.errors ?? []).map((issue) => ({
      path: issue.instancePath,
      message: issue.message ?? 'invalid',
    }));
    const summary = issues.map((issue) => `${issue.path || '(args)'} ${issue.message}`).join('; ');
    throw new CapabilityError('CAP_INVALID_ARGS', `Bad arguments for ${id}: ${summary}`, {
      details: { issues },
    });
  };
}

const CACHE_LIMIT = 500;
const cached = new Map<string, { validate: ArgsValidator; schema: JsonSchema }>();

/**
 * {@link compileArgsValidator} for schemas the install writes but a source builds at call time
 * (an automation's actions, an integration): validators are kept per id and schema text, at
 * most 500, the oldest dropped (and removed from Ajv's own cache) first. A schema that does not
 * compile throws. Schemas from outside the install never come here: they compile on the schema
 * thread (`UserSchemas`).
 *
 * @example
 * const validate = compileCachedArgsValidator('automations.notify', notifyInput);
 */
export function compileCachedArgsValidator(id: string, schema: JsonSchema): ArgsValidator {
  const key = `${id}\n${JSON.stringify(schema)}`;
  const hit = cached.get(key);
  if (hit !== undefined) {
    cached.delete(key);
    cached.set(key, hit);
    return hit.validate;
  }
  const copy = structuredClone(schema);
  const validate = compileArgsValidator(id, copy);
  cached.set(key, { validate, schema: copy });
  if (cached.size > CACHE_LIMIT) {
    const [oldestKey, oldest] = cached.entries().next().value as [string, { schema: JsonSchema }];
    cached.delete(oldestKey);
    ajv.removeSchema(oldest.schema);
  }
  return validate;
}
