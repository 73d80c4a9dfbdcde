import { Ajv, type ValidateFunction } from 'ajv';
import { serveThreadRequests } from '../threads/serve-thread-requests.js';
import { linearRegExp } from './linear-regexp.js';
import { findPatternIssues } from './schema-patterns.js';
import type { SchemaThreadAnswer, SchemaThreadRequest } from './schema-thread-protocol.js';

// The schema thread's entry (dist/schema-thread.js): compiles user-supplied JSON Schemas with
// Ajv and linear-time patterns, keeps the validators by content hash, and checks arguments.

/** Compiled validators kept on the thread (least recently used dropped first). */
const VALIDATORS_KEPT = 200;
/**
 * Ajv keeps every compiled pattern and constant in its scope for its lifetime; a fresh Ajv after
 * this many compilations lets the old one go once its validators have left the cache.
 */
const COMPILES_PER_AJV = 500;
/** Issues reported per call (every error is collected; a huge array need not cross in full). */
const MAX_ISSUES = 100;

// The registry's options (no coercion, every error, defaults filled in), with RE2 patterns and
// no logger: an unknown `format` is ignored silently (no format vocabulary is installed).
const createAjv = () =>
  new Ajv({
    allErrors: true,
    coerceTypes: false,
    useDefaults: true,
    strict: false,
    logger: false,
    code: { regExp: linearRegExp },
  });

serveThreadRequests(async () => {
  const validators = new Map<string, ValidateFunction>();
  let ajv = createAjv();
  let compiled = 0;

  const compile = (hash: string, schema: Record<string, unknown>) => {
    const kept = validators.get(hash);
    if (kept !== undefined) {
      validators.delete(hash);
      validators.set(hash, kept);
      return { validate: kept, compiled: false };
    }
    const patterns = findPatternIssues(schema, (pattern) => linearRegExp(pattern, 'u'));
    if (patterns.length > 0) return { issues: patterns, compiled: true };
    if (compiled >= COMPILES_PER_AJV) {
      ajv = createAjv();
      compiled = 0;
    }
    let validate: ValidateFunction;
    try {
      compiled += 1;
      validate = ajv.compile(schema);
      ajv.removeSchema(schema);
    } catch (error) {
      return {
        issues: [{ path: '', message: `is not a valid JSON Schema: ${(error as Error).message}` }],
        compiled: true,
      };
    }
    validators.set(hash, validate);
    if (validators.size > VALIDATORS_KEPT) validators.delete(validators.keys().next().value as string);
    return { validate, compiled: true };
  };

  return (request: SchemaThreadRequest): SchemaThreadAnswer => {
    if (request.kind === 'compile') {
      const { validate, issues, compiled } = compile(request.hash, request.schema);
      return validate === undefined ? { ok: false, schemaIssues: issues, compiled } : { ok: true, compiled };
    }
    const validate = validators.get(request.hash);
    if (validate === undefined) return { ok: false, missing: true, compiled: false };
    validators.delete(request.hash);
    validators.set(request.hash, validate);
    const args = request.args === undefined ? {} : request.args;
    if (validate(args)) return { ok: true, value: args, compiled: false };
    return {
      ok: false,
      compiled: false,
      argIssues: (validate.errors ?? []).slice(0, MAX_ISSUES).map((issue) => ({
        path: issue.instancePath,
        message: issue.message ?? 'invalid',
      })),
    };
  };
});
