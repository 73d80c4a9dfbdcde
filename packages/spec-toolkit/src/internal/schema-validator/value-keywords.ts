/**
 * Which keywords a schema holds, as bits, read in one pass over its own keys. The example
 * interpreter asks for a keyword only when its bit is set: examples meet thousands of schemas
 * of as many shapes, where reading a keyword a schema lacks (`allOf`, `minLength` …) by name is
 * a lookup that misses V8's property caches, while a `for…in` over the keys a schema has reads
 * them from the shape's own key list. Nothing is allocated.
 */
export const REF = 1;
export const NULLABLE = 1 << 1;
export const TYPE = 1 << 2;
export const ENUM = 1 << 3;
export const CONST = 1 << 4;
export const REQUIRED = 1 << 5;
export const PROPERTIES = 1 << 6;
export const PATTERN_PROPERTIES = 1 << 7;
export const ADDITIONAL_PROPERTIES = 1 << 8;
/** `minProperties`, `maxProperties`. */
export const PROPERTY_COUNT = 1 << 9;
/** `minItems`, `maxItems`, `uniqueItems`, `items`, `prefixItems`, `additionalItems`. */
export const ARRAY_KEYWORDS = 1 << 10;
/** `minLength`, `maxLength`, `pattern`, `format`. */
export const STRING_KEYWORDS = 1 << 11;
/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`. */
export const NUMBER_KEYWORDS = 1 << 12;
export const ALL_OF = 1 << 13;
export const ANY_OF = 1 << 14;
export const ONE_OF = 1 << 15;
export const NOT = 1 << 16;
/** `if` (its `then` and `else` are read only beside it). */
export const IF = 1 << 17;

export const OBJECT_KEYWORDS =
  REQUIRED | PROPERTIES | PATTERN_PROPERTIES | ADDITIONAL_PROPERTIES | PROPERTY_COUNT;
export const COMBINATORS = ALL_OF | ANY_OF | ONE_OF | NOT | IF;
/** Keywords that lead to other schemas (array bounds ride along with `items`). */
export const SUBSCHEMA_KEYWORDS =
  REF | PROPERTIES | PATTERN_PROPERTIES | ADDITIONAL_PROPERTIES | ARRAY_KEYWORDS | COMBINATORS;

/**
 * The keyword bits of `schema`: its enumerable string keys, own or inherited, as `for…in` lists
 * them (every key of a JSON or YAML document). 0 when nothing in it can reject a value.
 *
 * @example
 * keywordsOf({ type: 'string', description: 'a name' }); // TYPE
 */
export function keywordsOf(schema: Record<string, unknown>): number {
  let bits = 0;
  // The commonest keys first; annotations end the comparisons early.
  for (const key in schema) {
    switch (key) {
      case 'type':
        bits |= TYPE;
        break;
      case 'description':
      case 'example':
      case 'title':
        break;
      case 'properties':
        bits |= PROPERTIES;
        break;
      case 'items':
      case 'minItems':
      case 'maxItems':
      case 'uniqueItems':
      case 'prefixItems':
      case 'additionalItems':
        bits |= ARRAY_KEYWORDS;
        break;
      case '$ref':
        bits |= REF;
        break;
      case 'format':
      case 'pattern':
      case 'minLength':
      case 'maxLength':
        bits |= STRING_KEYWORDS;
        break;
      case 'required':
        bits |= REQUIRED;
        break;
      case 'enum':
        bits |= ENUM;
        break;
      case 'nullable':
        bits |= NULLABLE;
        break;
      case 'additionalProperties':
        bits |= ADDITIONAL_PROPERTIES;
        break;
      case 'allOf':
        bits |= ALL_OF;
        break;
      case 'anyOf':
        bits |= ANY_OF;
        break;
      case 'oneOf':
        bits |= ONE_OF;
        break;
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'multipleOf':
        bits |= NUMBER_KEYWORDS;
        break;
      case 'const':
        bits |= CONST;
        break;
      case 'patternProperties':
        bits |= PATTERN_PROPERTIES;
        break;
      case 'minProperties':
      case 'maxProperties':
        bits |= PROPERTY_COUNT;
        break;
      case 'not':
        bits |= NOT;
        break;
      case 'if':
        bits |= IF;
        break;
    }
  }
  return bits;
}
