import { createChange, type RawChange } from './change-catalog.js';
import { createSchemaChange, describeSubject, formatTypes, type SchemaContext } from './schema-context.js';
import { LIMIT_KEYWORDS, type LimitKeyword, type SchemaNode, type SchemaReader } from './schema-node.js';

/** A pair of schemas one level down, still to be compared. */
export interface SchemaPair {
  old: SchemaNode;
  new: SchemaNode;
  context: SchemaContext;
}

/** The changes of one schema pair itself (not its children), and the child pairs to compare next. */
export interface LocalComparison {
  changes: RawChange[];
  children: SchemaPair[];
}

/** Widening format steps: a value valid under the first is valid under the second. */
const WIDER_FORMAT: Readonly<Record<string, string>> = { int32: 'int64', float: 'double' };

/**
 * Compares one pair of schema nodes: type, format, nullability, allowed values and property sets.
 *
 * @example
 * const { changes, children } = compareSchemaNodes({ old, new: now, context }, readers);
 */
export function compareSchemaNodes(
  pair: SchemaPair,
  readers: { old: SchemaReader; new: SchemaReader },
): LocalComparison {
  const { old: before, new: after, context } = pair;
  const changes: RawChange[] = [];
  const children: SchemaPair[] = [];
  if (before.opaque || after.opaque) return { changes, children };
  // Naming the subject parses a pointer; most pairs have no change, so it is done on demand.
  let named: string | undefined;
  const subject = (): string => {
    named ??= describeSubject(context, after);
    return named;
  };
  const add = (suffix: string, message: string): void => {
    changes.push(createSchemaChange(context, suffix, 'new', after.pointer, `${subject()} ${message}`));
  };
  const request = context.direction === 'request';
  const tolerant = request ? 'type-generalized' : 'type-specialized';

  if (!sameTypes(before.types, after.types)) {
    const fits = request ? acceptsTypes(after.types, before.types) : acceptsTypes(before.types, after.types);
    const text = `type changed from ${formatTypes(before.types)} to ${formatTypes(after.types)}.`;
    add(fits ? tolerant : 'type-changed', text);
  } else if (before.format !== after.format) {
    const fits = request
      ? acceptsFormat(after.format, before.format)
      : acceptsFormat(before.format, after.format);
    const text = `format changed from ${before.format ?? 'none'} to ${after.format ?? 'none'}.`;
    add(fits ? tolerant : 'type-changed', text);
  }

  if (before.nullable !== after.nullable) {
    const text = after.nullable ? 'became nullable.' : 'is no longer nullable.';
    add(after.nullable ? 'became-nullable' : 'became-not-nullable', text);
  }

  compareValues(before, after, context, add);
  compareConstraints(before, after, add);
  // Once an object became an array (or the reverse), its old members are not worth listing.
  const both = (type: string) => allows(before.types, type) && allows(after.types, type);
  if (both('object')) compareProperties(pair, readers, changes, children);

  if (before.items && after.items && both('array')) {
    const itemsContext =
      context.role === 'property' ? context : { ...context, subject: `${context.subject} items` };
    children.push({
      old: readers.old.readNode(before.items),
      new: readers.new.readNode(after.items),
      context: itemsContext,
    });
  }
  if (before.additionalProperties && after.additionalProperties && both('object')) {
    children.push({
      old: readers.old.readNode(before.additionalProperties),
      new: readers.new.readNode(after.additionalProperties),
      context: { ...context, role: 'property', subject: '' },
    });
  }
  return { changes, children };
}

function compareValues(
  before: SchemaNode,
  after: SchemaNode,
  context: SchemaContext,
  add: (suffix: string, text: string) => void,
): void {
  if (after.values === undefined) return;
  if (before.values === undefined) {
    if (context.direction === 'request') add('became-enum', 'now only accepts enumerated values.');
    return;
  }
  const oldKeys = new Set(before.values.map((value) => JSON.stringify(value)));
  const newKeys = new Set(after.values.map((value) => JSON.stringify(value)));
  for (const key of [...oldKeys].sort()) {
    if (!newKeys.has(key)) add('enum-value-removed', `no longer allows the value ${key}.`);
  }
  for (const key of [...newKeys].sort()) {
    if (!oldKeys.has(key)) add('enum-value-added', `allows the new value ${key}.`);
  }
}

const LIMIT_SUFFIX: Record<LimitKeyword, string> = {
  minimum: 'min',
  maximum: 'max',
  minLength: 'min-length',
  maxLength: 'max-length',
  minItems: 'min-items',
  maxItems: 'max-items',
};

/**
 * Limits, `pattern`, `oneOf` / `anyOf` branch counts and the discriminator. A limit that appears
 * counts as a move from unbounded (a new `maximum` decreased it); the catalogue fixes which way
 * breaks clients: tighter requests and looser responses.
 */
function compareConstraints(
  before: SchemaNode,
  after: SchemaNode,
  add: (suffix: string, text: string) => void,
): void {
  for (const keyword of LIMIT_KEYWORDS) {
    const was = before.limits[keyword];
    const now = after.limits[keyword];
    if (was === now) continue;
    const upper = keyword.startsWith('max');
    const unbounded = upper ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    const direction = (now ?? unbounded) > (was ?? unbounded) ? 'increased' : 'decreased';
    const text =
      now === undefined
        ? `no longer has a ${keyword} (was ${was}).`
        : was === undefined
          ? `now has ${keyword} ${now}.`
          : `${keyword} changed from ${was} to ${now}.`;
    add(`${LIMIT_SUFFIX[keyword]}-${direction}`, text);
  }
  if (before.pattern !== after.pattern) {
    if (before.pattern === undefined) add('pattern-added', `must now match the pattern ${after.pattern}.`);
    else if (after.pattern === undefined)
      add('pattern-removed', `no longer has the pattern ${before.pattern}.`);
    else add('pattern-changed', `pattern changed from ${before.pattern} to ${after.pattern}.`);
  }
  for (const [keyword, suffix] of [
    ['oneOf', 'one-of'],
    ['anyOf', 'any-of'],
  ] as const) {
    const was = before[keyword];
    const now = after[keyword];
    if (was === now) continue;
    add(`${suffix}-${now > was ? 'added' : 'removed'}`, `now has ${now} ${keyword} branches (was ${was}).`);
  }
  if (before.discriminator !== after.discriminator) {
    add(
      'discriminator-changed',
      `discriminator changed from ${before.discriminator ?? 'none'} to ${after.discriminator ?? 'none'}.`,
    );
  }
}

function compareProperties(
  pair: SchemaPair,
  readers: { old: SchemaReader; new: SchemaReader },
  changes: RawChange[],
  children: SchemaPair[],
): void {
  const { old: before, new: after, context } = pair;
  if (before.properties.size === 0 && after.properties.size === 0) return;
  const request = context.direction === 'request';
  const property: SchemaContext = { direction: context.direction, role: 'property', subject: '' };
  // Read-only properties are never sent and write-only ones never returned, so they do not count.
  const hidden = (node: SchemaNode): boolean => (request ? node.readOnly : node.writeOnly);
  const names = new Set([...before.properties.keys(), ...after.properties.keys()]);
  for (const name of [...names].sort()) {
    const oldSite = before.properties.get(name);
    const newSite = after.properties.get(name);
    const oldNode = oldSite && readers.old.readNode(oldSite);
    const newNode = newSite && readers.new.readNode(newSite);
    const oldShown = oldSite !== undefined && oldNode !== undefined && !hidden(oldNode);
    const newShown = newSite !== undefined && newNode !== undefined && !hidden(newNode);
    const label = `${request ? 'Request' : 'Response'} property "${name}"`;
    if (oldShown && !newShown) {
      const id = request ? 'request-property-removed' : 'response-property-removed';
      changes.push(createChange(id, 'old', oldSite.pointer, `${label} was removed.`));
    } else if (newShown && !oldShown) {
      const required = after.required.has(name);
      const id = !request
        ? 'response-property-added'
        : required
          ? 'new-required-request-property'
          : 'new-optional-request-property';
      changes.push(
        createChange(id, 'new', newSite.pointer, `${label} was added${required ? ' as required' : ''}.`),
      );
    } else if (oldShown && newShown) {
      const isRequired = after.required.has(name);
      if (before.required.has(name) !== isRequired) {
        const text = `${label} ${isRequired ? 'became required' : 'became optional'}.`;
        changes.push(
          createSchemaChange(
            property,
            isRequired ? 'became-required' : 'became-optional',
            'new',
            newSite.pointer,
            text,
          ),
        );
      }
      children.push({ old: oldNode, new: newNode, context: property });
    }
  }
}

function allows(types: ReadonlySet<string> | null, type: string): boolean {
  return types === null || types.has(type);
}

function sameTypes(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.size !== b.size) return false;
  for (const type of a) if (!b.has(type)) return false;
  return true;
}

/** True when every value of the narrow type set is also valid under the wide one. */
function acceptsTypes(wide: ReadonlySet<string> | null, narrow: ReadonlySet<string> | null): boolean {
  if (wide === null) return true;
  if (narrow === null) return false;
  for (const type of narrow) {
    if (!wide.has(type) && !(type === 'integer' && wide.has('number'))) return false;
  }
  return true;
}

function acceptsFormat(wide: string | undefined, narrow: string | undefined): boolean {
  if (wide === undefined || wide === narrow) return true;
  return narrow !== undefined && WIDER_FORMAT[narrow] === wide;
}
