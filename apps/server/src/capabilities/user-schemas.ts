import { createHash } from 'node:crypto';
import { CapabilityError } from '../errors/capability-error.js';
import { ServerError } from '../errors/server-error.js';
import { createDeadlineThread, type DeadlineThread } from '../threads/deadline-thread.js';
import { ThreadBusyError, ThreadDeadlineError } from '../threads/thread-errors.js';
import type { ArgsValidator } from './args-validator.js';
import type { JsonSchema } from './capability-types.js';
import { checkSchemaBounds, type SchemaBounds, type SchemaIssue } from './schema-bounds.js';
import type { SchemaThreadAnswer, SchemaThreadRequest } from './schema-thread-protocol.js';

/** Options of {@link createUserSchemas}; every number is documented in docs/functions.md. */
export interface UserSchemasOptions {
  /** Longest one schema may take to compile on the thread; past it the schema is refused. */
  compileDeadlineMs?: number;
  /** Longest one call's arguments may take to check; past it the call is refused. */
  validateDeadlineMs?: number;
  /** Verdicts (compiles or not, and why) kept by content hash on the main thread. */
  verdictsKept?: number;
  /** How long a "took too long to compile" verdict stands before the schema is tried again. */
  timeoutVerdictMs?: number;
  /** Heap of the schema thread, in MiB. */
  heapMb?: number;
  /** Requests waiting for the thread beyond the one running. */
  maxQueued?: number;
}

/** JSON Schemas from outside the install (stored functions, remote MCP tools), checked and used off the main thread. */
export interface UserSchemas {
  /**
   * What is wrong with `schema` (empty when usable): its bounds, checked here, then whether it
   * compiles — with RE2 patterns, on the schema thread — remembered by content hash, so each
   * distinct schema compiles once however often it is listed.
   */
  check(schema: JsonSchema, bounds: SchemaBounds): Promise<SchemaIssue[]>;
  /**
   * A registry validator for capability `id` with input `schema`: each call's arguments are
   * checked on the schema thread (no coercion, defaults filled in), under a deadline, and bad
   * ones throw `CAP_INVALID_ARGS` with `details.issues`, as a registered capability's would.
   */
  validatorFor(id: string, schema: JsonSchema): ArgsValidator;
  /** Counts since creation: compilations the thread made, and checks answered from the verdict cache. */
  stats(): { compiled: number; cachedVerdicts: number };
  close(): Promise<void>;
}

const DEFAULTS = {
  compileDeadlineMs: 10_000,
  validateDeadlineMs: 2000,
  verdictsKept: 2000,
  timeoutVerdictMs: 10 * 60_000,
  heapMb: 256,
  maxQueued: 256,
} satisfies Required<UserSchemasOptions>;

/**
 * The schema thread's nice value: a compile may take seconds, and when it and the event loop want
 * the same core the loop gets about ten times its share. Measured on a loaded two-core machine,
 * the worst `/healthz` wait while five 14 KB schemas compiled fell from ~270 ms to ~180 ms.
 */
export const SCHEMA_THREAD_NICE = 10;

/** A compilation's outcome: `lasting` unless the thread was busy or failed. */
interface Compiled {
  issues: SchemaIssue[];
  lasting: boolean;
  timedOut?: true;
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64url');
const summaryOf = (issues: readonly SchemaIssue[]): string =>
  issues.map((issue) => `${issue.path || '(args)'} ${issue.message}`).join('; ');

/**
 * Creates the checker of user-supplied schemas with its own schema thread (started on first
 * use, idle it keeps nothing alive). Most callers share {@link sharedUserSchemas}.
 *
 * @example
 * const schemas = createUserSchemas({ compileDeadlineMs: 5000 });
 * await schemas.check(parameters, FUNCTION_SCHEMA_BOUNDS); // [] or issues with JSON pointers
 */
export function createUserSchemas(options: UserSchemasOptions = {}): UserSchemas {
  const settings = { ...DEFAULTS, ...options };
  const thread: DeadlineThread<SchemaThreadRequest, SchemaThreadAnswer> = createDeadlineThread({
    entry: {
      source: new URL('./schema-thread-entry.ts', import.meta.url),
      built: new URL('./schema-thread.js', import.meta.url),
    },
    heapMb: settings.heapMb,
    maxQueued: settings.maxQueued,
    nice: SCHEMA_THREAD_NICE,
  });
  const verdicts = new Map<string, { issues: SchemaIssue[]; until?: number }>();
  const compiling = new Map<string, Promise<Compiled>>();
  const counts = { compiled: 0, cachedVerdicts: 0 };
  const run = async (request: SchemaThreadRequest, deadlineMs: number) => {
    const answer = await thread.run(request, { deadlineMs });
    if (answer.compiled) counts.compiled += 1;
    return answer;
  };

  const remember = (key: string, issues: SchemaIssue[], until?: number) => {
    verdicts.delete(key);
    verdicts.set(key, until === undefined ? { issues } : { issues, until });
    if (verdicts.size > settings.verdictsKept) verdicts.delete(verdicts.keys().next().value as string);
  };

  /** The thread's verdict; `lasting: false` when the thread was busy or failed (ask again later). */
  const compileOnThread = async (hash: string, schema: JsonSchema): Promise<Compiled> => {
    try {
      const answer = await run({ kind: 'compile', hash, schema }, settings.compileDeadlineMs);
      return { issues: answer.ok ? [] : (answer.schemaIssues ?? []), lasting: true };
    } catch (error) {
      if (error instanceof ThreadDeadlineError) {
        const message = `takes longer than ${settings.compileDeadlineMs} ms to compile; simplify it.`;
        return { issues: [{ path: '', message }], lasting: true, timedOut: true };
      }
      return {
        issues: [{ path: '', message: `could not be compiled now: ${(error as Error).message}` }],
        lasting: false,
      };
    }
  };

  // One compilation per schema at a time, whoever asks (listings, a call).
  const compileOnce = (hash: string, schema: JsonSchema): Promise<Compiled> => {
    let pending = compiling.get(hash);
    if (pending === undefined) {
      pending = compileOnThread(hash, schema).finally(() => compiling.delete(hash));
      compiling.set(hash, pending);
    }
    return pending;
  };

  const refuse = (id: string, error: unknown): never => {
    if (error instanceof ThreadBusyError) {
      throw new ServerError(
        'SERVER_RATE_LIMITED',
        'Too many calls are waiting to be checked; try again shortly.',
      );
    }
    const message =
      error instanceof ThreadDeadlineError
        ? `checking them took longer than ${settings.validateDeadlineMs} ms`
        : `they could not be checked (${(error as Error).message})`;
    throw new CapabilityError('CAP_INVALID_ARGS', `Bad arguments for ${id}: ${message}.`, {
      details: { issues: [{ path: '', message }] },
    });
  };

  return {
    async check(schema, bounds) {
      const text = JSON.stringify(schema);
      const hash = hashOf(text);
      // The verdict covers the bounds it was reached under (a remote tool's are wider).
      const key = `${hash} ${bounds.maxBytes} ${bounds.maxDepth}`;
      const known = verdicts.get(key);
      if (known !== undefined && (known.until === undefined || known.until > Date.now())) {
        verdicts.delete(key);
        verdicts.set(key, known);
        counts.cachedVerdicts += 1;
        return known.issues;
      }
      const beyond = checkSchemaBounds(schema, bounds, text);
      if (beyond.length > 0) {
        remember(key, beyond);
        return beyond;
      }
      const compiled = await compileOnce(hash, schema);
      if (compiled.timedOut) remember(key, compiled.issues, Date.now() + settings.timeoutVerdictMs);
      else if (compiled.lasting) remember(key, compiled.issues);
      return compiled.issues;
    },
    validatorFor(id, schema) {
      const hash = hashOf(JSON.stringify(schema));
      return async (args) => {
        let answer: SchemaThreadAnswer;
        try {
          const ask = () => run({ kind: 'validate', hash, args }, settings.validateDeadlineMs);
          answer = await ask();
          if (!answer.ok && answer.missing) {
            // Not compiled on the thread (new, or dropped from its cache): compile under the
            // compile deadline, then check under the check deadline.
            const { issues } = await compileOnce(hash, schema);
            if (issues.length > 0) answer = { ok: false, schemaIssues: issues, compiled: false };
            else answer = await ask();
          }
        } catch (error) {
          return refuse(id, error);
        }
        if (answer.ok) return answer.value as Record<string, unknown>;
        if (answer.schemaIssues !== undefined) {
          throw new CapabilityError(
            'CAP_INVALID_ARGS',
            `The input schema of ${id} does not compile: ${summaryOf(answer.schemaIssues)}`,
            { details: { issues: [], schemaIssues: answer.schemaIssues } },
          );
        }
        if (answer.missing) return refuse(id, new Error('the schema thread dropped the compiled schema'));
        const issues = answer.argIssues ?? [];
        throw new CapabilityError('CAP_INVALID_ARGS', `Bad arguments for ${id}: ${summaryOf(issues)}`, {
          details: { issues },
        });
      };
    },
    stats: () => ({ ...counts }),
    close: () => thread.close(),
  };
}

let shared: UserSchemas | undefined;

/**
 * The process's one {@link UserSchemas} (its thread is shared by every server in the process:
 * what it caches is keyed by content alone).
 *
 * @example
 * const issues = await sharedUserSchemas().check(parameters, FUNCTION_SCHEMA_BOUNDS);
 */
export function sharedUserSchemas(): UserSchemas {
  shared ??= createUserSchemas();
  return shared;
}
