import type { SpecVersion } from '../../types.js';
import { isPlainObject, parsePointer, readAtTokens, toPointer } from '../json-pointer.js';
import type { Bundle } from './bundle-documents.js';

/** Where a kind of reusable object lives: 3.x `components/<kind>`, 2.0 root sections. */
type Kind =
  | 'schemas'
  | 'parameters'
  | 'responses'
  | 'requestBodies'
  | 'headers'
  | 'examples'
  | 'links'
  | 'callbacks'
  | 'pathItems';

/**
 * Moves every subtree the bundler inlined outside the reusable sections into them
 * (`components/schemas/Pet`, 2.0 `definitions/Pet`), leaving a `$ref` in its place and
 * pointing every reference into it at the new home. Innermost first, so a schema inlined
 * inside another ends as two components. A place whose kind cannot be told stays inline.
 * Mutates `doc`, which the bundler built fresh.
 *
 * @example
 * hoistComponents(bundle, '3.0'); // bundle.doc.components.schemas.Pet, referenced from the operations
 */
export function hoistComponents(bundle: Bundle, version: SpecVersion | null): void {
  const doc = bundle.doc;
  if (!isPlainObject(doc) || version === null) return;
  const sites = [...bundle.origins.entries()]
    .filter(([site]) => site !== '' && !isReusableSection(site, version))
    .sort(([a], [b]) => b.length - a.length || (a < b ? -1 : 1));
  const taken = new Set<string>();
  for (const [site, origin] of sites) {
    const tokens = parsePointer(site);
    if (tokens === null || tokens.length === 0) continue;
    const kind = classify(tokens, version);
    if (kind === undefined) continue;
    const parent = readAtTokens(doc, tokens.slice(0, -1));
    const key = tokens[tokens.length - 1] as string;
    if (!isPlainObject(parent) && !Array.isArray(parent)) continue;
    const value = (parent as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const sectionTokens = version === '2.0' ? [SWAGGER_SECTIONS[kind] as string] : ['components', kind];
    const section = ensureObject(doc, sectionTokens);
    const name = uniqueName(nameFor(origin.document.url, origin.pointer), section, sectionTokens, taken);
    section[name] = value;
    const home = toPointer([...sectionTokens, name]);
    (parent as Record<string, unknown>)[key] = { $ref: `#${encodeFragment(home)}` };
    retarget(doc, site, home);
  }
}

const SWAGGER_SECTIONS: Partial<Record<Kind, string>> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
};

/** True for a direct member of a reusable section (`/components/schemas/Pet`): already at home. */
function isReusableSection(site: string, version: SpecVersion): boolean {
  if (version === '2.0') return /^\/(definitions|parameters|responses)\/[^/]+$/.test(site);
  return /^\/components\/[^/]+\/[^/]+$/.test(site);
}

const SCHEMA_MEMBERS = new Set([
  'schema',
  'items',
  'additionalProperties',
  'not',
  'itemSchema',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** The kind of object a place holds, told from the names on the way to it. */
function classify(tokens: readonly string[], version: SpecVersion): Kind | undefined {
  const last = tokens[tokens.length - 1] as string;
  const parent = tokens[tokens.length - 2];
  const grandparent = tokens[tokens.length - 3];
  let kind: Kind | undefined;
  if (SCHEMA_MEMBERS.has(last) && parent !== 'properties') kind = 'schemas';
  else if (parent !== undefined && (SCHEMA_LISTS.has(parent) || SCHEMA_MAPS.has(parent))) kind = 'schemas';
  else if (parent === 'parameters' && /^\d+$/.test(last)) kind = 'parameters';
  else if (parent === 'responses' && grandparent !== 'components') kind = 'responses';
  else if (last === 'requestBody') kind = 'requestBodies';
  else if (parent === 'headers') kind = 'headers';
  else if (parent === 'examples') kind = 'examples';
  else if (parent === 'links') kind = 'links';
  else if (parent === 'callbacks') kind = 'callbacks';
  else if (parent === 'paths' && tokens.length === 2) kind = 'pathItems';
  if (kind === undefined) return undefined;
  if (version === '2.0') return SWAGGER_SECTIONS[kind] === undefined ? undefined : kind;
  // 3.0 has no components/pathItems.
  if (kind === 'pathItems' && version === '3.0') return undefined;
  // A path item must stay under paths: only the operations it holds could be shared.
  if (kind === 'pathItems') return undefined;
  return kind;
}

/** `schemas/pet.yaml` → `Pet`; `common.yaml#/Tag` → `Tag`; `shared.yaml#/components/schemas/Error` → `Error`. */
function nameFor(url: string, pointer: string): string {
  const tokens = parsePointer(pointer) ?? [];
  const raw =
    tokens.length > 0
      ? (tokens[tokens.length - 1] as string)
      : decodeURIComponent(url.split('/').pop() ?? 'Component').replace(/\.(ya?ml|json)$/i, '');
  const cleaned = raw.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '') || 'Component';
  return tokens.length > 0 ? cleaned : cleaned.charAt(0).toUpperCase() + cleaned.slice(1);
}

function uniqueName(
  base: string,
  section: Record<string, unknown>,
  sectionTokens: string[],
  taken: Set<string>,
): string {
  let name = base;
  for (let n = 2; Object.hasOwn(section, name) || taken.has(`${sectionTokens.join('/')}/${name}`); n++)
    name = `${base}${n}`;
  taken.add(`${sectionTokens.join('/')}/${name}`);
  return name;
}

function ensureObject(doc: Record<string, unknown>, tokens: readonly string[]): Record<string, unknown> {
  let current = doc;
  for (const token of tokens) {
    if (!isPlainObject(current[token])) current[token] = {};
    current = current[token] as Record<string, unknown>;
  }
  return current;
}

/** Points every local `$ref` into the subtree that was at `from` to its new home `to`. */
function retarget(doc: unknown, from: string, to: string): void {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isPlainObject(node)) {
      if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
        let pointer: string;
        try {
          pointer = decodeURIComponent(node.$ref.slice(1));
        } catch {
          pointer = '';
        }
        if (pointer === from || pointer.startsWith(`${from}/`))
          node.$ref = `#${encodeFragment(to + pointer.slice(from.length))}`;
      }
      for (const key in node) if (key !== '$ref') stack.push(node[key]);
    }
  }
}

function encodeFragment(pointer: string): string {
  return pointer.replace(/[^A-Za-z0-9\-._~/:@!$&'()*+,;=]/gu, (c) => encodeURIComponent(c));
}
