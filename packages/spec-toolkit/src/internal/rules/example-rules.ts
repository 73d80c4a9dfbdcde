import { isPlainObject } from '../json-pointer.js';
import { createSchemaCompiler } from '../schema-validator/compile-schema.js';
import type { CompiledSchema, JsonSchema, SchemaError } from '../schema-validator/json-schema.js';
import { hasJsonType } from '../schema-validator/value-checks.js';
import { resolveLocalValue } from '../spec-model.js';
import { child, type Place, type RuleContext, report } from './rule-context.js';

/**
 * Checks examples against their schemas with the toolkit's own validator, in the dialect of
 * the document's version (3.0 Schema Objects with `nullable`; 3.1+ JSON Schema 2020-12). Each
 * schema is compiled once; each (schema, example value) pair is checked once, so an example
 * component shared by many operations costs one check per schema.
 */
export interface ExampleChecker {
  /** Checks `value` against `schema`; reports SPEC_EXAMPLE_INVALID at `place` when it fails. */
  check(schema: unknown, value: unknown, place: Place | null): void;
  /** An `examples` map (media type, parameter, header): each entry resolved, its `value` checked. */
  checkMap(schema: unknown, examples: Record<string, unknown>, place: Place): void;
}

export function createExampleChecker(context: RuleContext): ExampleChecker {
  let compile: ((schema: JsonSchema) => CompiledSchema) | undefined;
  const checked = new WeakMap<object, Map<unknown, boolean>>();
  const checker: ExampleChecker = {
    check(rawSchema, value, place) {
      const schema = resolveLocalValue(context.doc, rawSchema);
      if (!isPlainObject(schema) && typeof schema !== 'boolean') return;
      if (typeof schema === 'object') {
        const quick = quickVerdict(schema, value);
        if (quick === true) return;
        let seen = checked.get(schema);
        if (seen?.has(value) === true) {
          if (seen.get(value) === false) reportInvalid(schema, value, place);
          return;
        }
        compile ??= createSchemaCompiler(context.doc, context.version === '3.0' ? 'oas30' : 'json-schema');
        const ok = compile(schema).test(value);
        // Objects are keyed by identity; scalars by value (a scalar verdict is the same anywhere).
        if (seen === undefined) {
          seen = new Map();
          checked.set(schema, seen);
        }
        seen.set(value, ok);
        if (!ok) reportInvalid(schema, value, place);
      } else if (schema === false) reportInvalid(schema, value, place);
    },
    checkMap(schema, examples, place) {
      for (const name in examples) {
        const entry = resolveLocalValue(context.doc, examples[name]);
        if (!isPlainObject(entry) || !('value' in entry)) continue;
        const raw = examples[name];
        const at = child(place, name);
        // A referenced example is reported where it is used, with this schema.
        checker.check(schema, entry.value, isPlainObject(raw) && '$ref' in raw ? at : child(at, 'value'));
      }
    },
  };
  const reportInvalid = (schema: JsonSchema, value: unknown, place: Place | null): void => {
    compile ??= createSchemaCompiler(context.doc, context.version === '3.0' ? 'oas30' : 'json-schema');
    const errors: SchemaError[] = [];
    compile(schema).explain(value, [], errors);
    const first = errors[0];
    const where = first === undefined || first.path === '' ? '' : ` at ${first.path}`;
    const why = first === undefined ? 'it is not allowed' : first.message.replace(/\.$/, '');
    report(
      context,
      'SPEC_EXAMPLE_INVALID',
      place,
      `Example does not match its schema${where}: ${why}. Fix the example, or the schema if the example is right.`,
    );
  };
  return checker;
}

const ANNOTATIONS = new Set([
  'type',
  'description',
  'title',
  'example',
  'examples',
  'format',
  'readOnly',
  'writeOnly',
  'deprecated',
  'externalDocs',
  'xml',
]);

/**
 * Answers the common case without compiling: a schema that constrains nothing but the JSON type
 * (annotations and formats aside, which examples are not held to) and a value of that type.
 * Undefined when the compiled validator must decide.
 */
function quickVerdict(schema: Record<string, unknown>, value: unknown): true | undefined {
  const type = schema.type;
  if (typeof type !== 'string') return undefined;
  for (const key in schema) {
    if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) return undefined;
  }
  if (typeof schema.format === 'string' && type === 'string') return undefined;
  return hasJsonType(value, type) ? true : undefined;
}
