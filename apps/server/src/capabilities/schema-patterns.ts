import type { SchemaIssue } from './schema-bounds.js';

// Where a JSON Schema (draft-07 and 2019-09/2020-12) keeps subschemas: maps of them, single
// ones, and lists of them. Only these are walked, so a `pattern` key inside `enum`, `const` or
// `default` data is never mistaken for a regular expression.
const SCHEMA_MAPS = [
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'dependentSchemas',
  'dependencies',
];
const SCHEMA_VALUES = [
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];

const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every regular expression of a schema — `pattern` values and `patternProperties` keys — that
 * `compile` refuses, each with the JSON pointer of where it is written and `compile`'s message.
 *
 * @example
 * findPatternIssues({ properties: { s: { pattern: '(?=a)' } } }, (p) => linearRegExp(p, 'u'));
 * // [{ path: '/properties/s/pattern', message: 'pattern "(?=a)" uses lookahead, …' }]
 */
export function findPatternIssues(schema: unknown, compile: (pattern: string) => unknown): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const check = (pattern: string, path: string) => {
    try {
      compile(pattern);
    } catch (error) {
      issues.push({ path, message: (error as Error).message });
    }
  };
  const walk = (node: unknown, path: string): void => {
    if (!isObject(node)) return;
    if (typeof node.pattern === 'string') check(node.pattern, `${path}/pattern`);
    for (const keyword of SCHEMA_MAPS) {
      const map = node[keyword];
      if (!isObject(map)) continue;
      for (const [key, child] of Object.entries(map)) {
        const childPath = `${path}/${keyword}/${escapePointer(key)}`;
        if (keyword === 'patternProperties') check(key, childPath);
        walk(child, childPath);
      }
    }
    for (const keyword of SCHEMA_VALUES) walk(node[keyword], `${path}/${keyword}`);
    for (const keyword of SCHEMA_LISTS) {
      const list = node[keyword];
      if (!Array.isArray(list)) continue;
      for (const [index, child] of list.entries()) walk(child, `${path}/${keyword}/${index}`);
    }
  };
  walk(schema, '');
  return issues;
}
