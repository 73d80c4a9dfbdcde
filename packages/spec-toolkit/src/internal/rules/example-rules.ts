import { isPlainObject } from '../json-pointer.js';
import {
  findValueError,
  type ValueCheckOptions,
  type ValueError,
} from '../schema-validator/find-value-error.js';
import { keywordsOf, SUBSCHEMA_KEYWORDS } from '../schema-validator/value-keywords.js';
import { readLocalTarget, resolveLocalValue } from '../spec-model.js';
import { child, type Place, type PlaceSource, type RuleContext, report } from './rule-context.js';

/**
 * Checks examples against their schemas with the toolkit's own validator, in the dialect of
 * the document's version (3.0 Schema Objects with `nullable`; 3.1+ JSON Schema 2020-12). Each
 * (schema, example value) pair whose schema leads to other schemas is checked once, so an example
 * component shared by many operations costs one check per schema; a schema without subschemas is
 * cheaper to check again than to remember.
 */
export interface ExampleChecker {
  /** Checks `value` against `schema`; reports SPEC_EXAMPLE_INVALID at `place` when it fails. */
  check(schema: unknown, value: unknown, place: Place | PlaceSource | null, rule?: ExampleRule): void;
  /** `check` of an example at member `token` of `parent`, whose place is built only if it fails. */
  checkMember(schema: unknown, value: unknown, parent: Place, token: string, rule?: ExampleRule): void;
  /** An `examples` map (media type, parameter, header): each entry resolved, its `value` checked. */
  checkMap(schema: unknown, examples: Record<string, unknown>, place: Place, rule?: ExampleRule): void;
}

/** Which rule reports an example: of a media type (or 2.0 response), a parameter or header, a schema. */
export type ExampleRule =
  | 'SPEC_EXAMPLE_INVALID'
  | 'SPEC_PARAMETER_EXAMPLE_INVALID'
  | 'SPEC_SCHEMA_EXAMPLE_INVALID';

export function createExampleChecker(context: RuleContext): ExampleChecker {
  const doc = context.doc;
  const options: ValueCheckOptions = {
    resolve: (ref) => readLocalTarget(doc, ref),
    nullable: context.version === '3.0' || context.version === '2.0',
  };
  // Verdicts per schema with subschemas: objects by identity, scalars by value (the same
  // anywhere). Most schemas meet one value, so the first verdict is kept inline and a Map is
  // made only for a second.
  const checked = new Map<object, Verdict>();
  const checker: ExampleChecker = {
    check(rawSchema, value, place, rule = 'SPEC_EXAMPLE_INVALID') {
      const schema = resolveLocalValue(doc, rawSchema);
      if (!isPlainObject(schema)) {
        if (schema === false) reportInvalid({ path: '', message: 'no value is allowed here' }, place, rule);
        return;
      }
      let error: ValueError | null | undefined;
      // A schema without subschemas is checked afresh each time: that costs about what a lookup
      // would, and nothing is allocated to remember it (most examples meet such a schema once).
      if ((keywordsOf(schema) & SUBSCHEMA_KEYWORDS) === 0) {
        error = findValueError(value, schema, options);
        if (error !== null) reportInvalid(error, place, rule);
        return;
      }
      const verdict = checked.get(schema);
      if (verdict === undefined) {
        error = findValueError(value, schema, options);
        checked.set(schema, { value, error, more: undefined });
      } else if (verdict.value === value) {
        error = verdict.error;
      } else {
        verdict.more ??= new Map();
        error = verdict.more.get(value);
        if (error === undefined) {
          error = findValueError(value, schema, options);
          verdict.more.set(value, error);
        }
      }
      if (error !== null) reportInvalid(error, place, rule);
    },
    checkMember(schema, value, parent, token, rule) {
      deferred.set(parent, token, undefined);
      checker.check(schema, value, deferred, rule);
    },
    checkMap(schema, examples, place, rule = 'SPEC_EXAMPLE_INVALID') {
      for (const name in examples) {
        const raw = examples[name];
        const entry = resolveLocalValue(doc, raw);
        if (!isPlainObject(entry) || !('value' in entry)) continue;
        // A referenced example is reported where it is used, with this schema.
        deferred.set(place, name, isPlainObject(raw) && '$ref' in raw ? undefined : 'value');
        checker.check(schema, entry.value, deferred, rule);
      }
    },
  };
  // One place source for every example checked below a place: most pass and need no place.
  const deferred = createDeferredPlace();
  const reportInvalid = (error: ValueError, at: Place | PlaceSource | null, rule: ExampleRule): void => {
    const place = at !== null && 'placeOf' in at ? at.placeOf() : at;
    const where = error.path === '' ? '' : ` at ${error.path}`;
    report(
      context,
      rule,
      place,
      `Example does not match its schema${where}: ${error.message}. Fix the example, or the schema if the example is right.`,
    );
  };
  return checker;
}

/** A place one or two tokens below `parent`, built when a failing example reads it. */
interface DeferredPlace extends PlaceSource {
  set(parent: Place, first: string, second: string | undefined): void;
}

function createDeferredPlace(): DeferredPlace {
  let parent: Place | null = null;
  let first = '';
  let second: string | undefined;
  return {
    set(at, token, below) {
      parent = at;
      first = token;
      second = below;
    },
    placeOf() {
      const at = child(parent, first);
      return second === undefined ? at : child(at, second);
    },
  };
}

/** The verdicts on the values one schema met: the first inline, the others in `more`. */
interface Verdict {
  readonly value: unknown;
  readonly error: ValueError | null;
  more: Map<unknown, ValueError | null> | undefined;
}
