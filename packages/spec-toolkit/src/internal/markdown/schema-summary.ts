import { isPlainObject } from '../json-pointer.js';
import { refName, toTypeLabel } from '../sample/type-label.js';
import { resolveLocal } from '../spec-model.js';
import { escapeTableCell, renderTable, toCellCode, toInlineCode } from './markdown-text.js';

const MAX_PROPERTY_ROWS = 50;

/**
 * A one-line schema summary (`Pet` (object)) and, for object schemas, a table of the top-level
 * properties (own and from `allOf`), leaving out those the direction hides.
 *
 * @example
 * ```ts
 * renderSchemaSummary(doc, { $ref: '#/components/schemas/Pet' }, 'request'); // 'Schema: `Pet` (object)\n\n| Property | …'
 * ```
 */
export function renderSchemaSummary(
  doc: unknown,
  schema: unknown,
  direction: 'request' | 'response',
): string {
  const label = toTypeLabel(doc, schema);
  const name = refName(schema);
  const line = `Schema: ${name ? `${toInlineCode(name)} (${label})` : toInlineCode(label)}`;
  const properties = collectProperties(doc, schema, direction);
  if (properties.length === 0) return line;
  const rows = properties
    .slice(0, MAX_PROPERTY_ROWS)
    .map((p) => [
      toCellCode(p.name),
      toCellCode(p.type),
      p.required ? 'yes' : 'no',
      escapeTableCell(p.description),
    ]);
  const table = renderTable(['Property', 'Type', 'Required', 'Description'], rows);
  const more = properties.length - rows.length;
  return `${line}\n\n${table}${more > 0 ? `\n\n_… ${more} more properties._` : ''}`;
}

interface PropertyRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

function collectProperties(doc: unknown, schema: unknown, direction: 'request' | 'response'): PropertyRow[] {
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const rows = new Map<string, PropertyRow>();
  const required = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    const resolved = resolveLocal(doc, value, '')?.value;
    if (!isPlainObject(resolved) || depth > 4) return;
    if (Array.isArray(resolved.required))
      for (const r of resolved.required) if (typeof r === 'string') required.add(r);
    if (isPlainObject(resolved.properties)) {
      for (const [name, property] of Object.entries(resolved.properties)) {
        const target = resolveLocal(doc, property, '')?.value;
        if (isPlainObject(target) && target[hidden] === true) continue;
        if (isPlainObject(property) && property[hidden] === true) continue;
        const description =
          isPlainObject(property) && typeof property.description === 'string' ? property.description : '';
        const fallback =
          isPlainObject(target) && typeof target.description === 'string' ? target.description : '';
        rows.set(name, {
          name,
          type: toTypeLabel(doc, property, { names: true }),
          required: false,
          description: description || fallback,
        });
      }
    }
    if (Array.isArray(resolved.allOf)) for (const branch of resolved.allOf) visit(branch, depth + 1);
  };
  visit(schema, 0);
  return [...rows.values()].map((row) => ({ ...row, required: required.has(row.name) }));
}
