import type { JsonSchema } from '../capabilities/capability-types.js';
import { FUNCTION_SCHEMA_BOUNDS, type SchemaIssue } from '../capabilities/schema-bounds.js';

/** The collection users store their function-calls in (through `/db/function_calls`). */
export const FUNCTION_COLLECTION = 'function_calls';

/** A function name: a letter, then letters, digits, `_` or `-`; the id is `functions.<name>`. */
export const FUNCTION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The largest stored `parameters` schema, as JSON text. */
export const MAX_PARAMETERS_BYTES = FUNCTION_SCHEMA_BOUNDS.maxBytes;

/** What a function runs: another capability, or a script through `lmx.run`. */
export type FunctionExecutor =
  | { kind: 'action'; capability: string }
  | { kind: 'script'; mode: string; source: string };

/** A function-call that passed {@link readFunctionDefinition}. */
export interface FunctionDefinition {
  name: string;
  description: string;
  parameters: JsonSchema;
  /** As stored: `action:<capability>` or `script:<mode>`. */
  executor: string;
  run: FunctionExecutor;
  /** The stored document's id; absent for built-in functions. */
  documentId?: string;
}

/** The answer of {@link readFunctionDefinition}: the definition, or every problem found. */
export type FunctionReading =
  | { ok: true; definition: FunctionDefinition }
  | { ok: false; problems: string[] };

/** A schema issue as a problem of the document: where in it (`parameters/…`) and what. */
export const toParametersProblem = (issue: SchemaIssue): string => `parameters${issue.path} ${issue.message}`;

/**
 * The problems of a stored `parameters` value seen at a glance: a JSON Schema object of type
 * object, without `$id` or `$schema`. Its bounds ({@link FUNCTION_SCHEMA_BOUNDS}) and whether it
 * compiles are the listing's question to `registry.userSchemas`, answered once per content.
 *
 * @example
 * checkParameters({ type: 'object' }); // []
 */
export function checkParameters(parameters: unknown): string[] {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    return ['parameters must be a JSON Schema object with type "object".'];
  }
  const schema = parameters as JsonSchema;
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('parameters must have type "object".');
  if ('$id' in schema || '$schema' in schema) problems.push('parameters may not set $id or $schema.');
  return problems;
}

function readExecutor(executor: unknown, source: unknown, problems: string[]): FunctionExecutor | undefined {
  if (typeof executor !== 'string') {
    problems.push('executor must be "action:<capability>" or "script:<mode>".');
    return undefined;
  }
  const action = /^action:([A-Za-z0-9_.-]{1,200})$/.exec(executor);
  if (action?.[1] !== undefined) {
    // A function calling functions could loop; compose them in a script instead.
    if (action[1].startsWith('functions.'))
      problems.push('an action executor may not call another function.');
    return { kind: 'action', capability: action[1] };
  }
  const script = /^script:([a-z][a-z0-9]{1,15})$/.exec(executor);
  if (script?.[1] !== undefined) {
    if (typeof source !== 'string' || source.length === 0 || source.length > 200_000) {
      problems.push('a script executor needs source: the script text (1 to 200000 characters).');
      return undefined;
    }
    return { kind: 'script', mode: script[1], source };
  }
  problems.push(`executor "${executor.slice(0, 80)}" is neither "action:<capability>" nor "script:<mode>".`);
  return undefined;
}

/**
 * Checks a stored `function_calls` document: a name matching {@link FUNCTION_NAME_PATTERN}, a
 * description, `parameters` ({@link checkParameters}; its bounds and whether it compiles are
 * the listing's question) and an executor (`action:<capability>`, or `script:<mode>` with `source`). Problems
 * are data, never thrown.
 *
 * @example
 * readFunctionDefinition({ name: 'greet', description: 'Greets.', parameters: { type: 'object' }, executor: 'script:lmx', source: 'print("hi")' });
 */
export function readFunctionDefinition(document: Record<string, unknown>): FunctionReading {
  const problems: string[] = [];
  const { name, description } = document;
  if (typeof name !== 'string' || !FUNCTION_NAME_PATTERN.test(name))
    problems.push('name must be a letter followed by up to 63 letters, digits, "_" or "-".');
  if (typeof description !== 'string' || description.length === 0 || description.length > 2000)
    problems.push('description must be a text of 1 to 2000 characters.');
  problems.push(...checkParameters(document.parameters));
  const run = readExecutor(document.executor, document.source, problems);
  if (problems.length > 0 || run === undefined) return { ok: false, problems };
  return {
    ok: true,
    definition: {
      name: name as string,
      description: description as string,
      parameters: document.parameters as JsonSchema,
      executor: document.executor as string,
      run,
      ...(typeof document.id === 'string' ? { documentId: document.id } : {}),
    },
  };
}
