import fc from 'fast-check';
import { dump } from 'js-yaml';
import { anyJson, refText } from './arbitraries.js';
import { FIXTURES } from './fixtures.js';

// Mutations of real specs: structural edits on the parsed document, and edits of the raw text.
// The arbitraries generate small descriptions, so a counterexample prints compactly; the read…
// functions turn a description into the mutated spec and the original it came from.
type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: unknown }
  | { kind: 'ref'; at: number; ref: string }
  | { kind: 'self-ref'; at: number }
  | { kind: 'cycles' };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), value: anyJson }),
  fc.record({ kind: fc.constant('ref' as const), at: fc.nat(), ref: refText }),
  fc.record({ kind: fc.constant('self-ref' as const), at: fc.nat() }),
  fc.constant({ kind: 'cycles' as const }),
);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function listNodes(value: unknown, at: string[], into: string[][]): string[][] {
  into.push(at);
  if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) listNodes(entry, [...at, key], into);
  }
  return into;
}

function readAt(doc: unknown, tokens: readonly string[]): unknown {
  return tokens.reduce<unknown>((value, token) => (value as Record<string, unknown>)[token], doc);
}

/** Applies one mutation in place where it can; returns the (possibly replaced) root. */
function applyMutation(doc: unknown, change: Mutation): unknown {
  if (change.kind === 'cycles') {
    if (!isRecord(doc)) return doc;
    const components = isRecord(doc.components) ? doc.components : {};
    const schemas = isRecord(components.schemas) ? components.schemas : {};
    schemas.A = { $ref: '#/components/schemas/A' };
    schemas.B = { allOf: [{ $ref: '#/components/schemas/C' }] };
    schemas.C = { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } };
    doc.components = { ...components, schemas };
    doc.definitions = {
      ...(isRecord(doc.definitions) ? doc.definitions : {}),
      A: { $ref: '#/definitions/A' },
    };
    doc.paths = { ...(isRecord(doc.paths) ? doc.paths : {}), '/loop': { $ref: '#/paths/~1loop' } };
    return doc;
  }
  let nodes = listNodes(doc, [], []);
  if (change.kind === 'ref' || change.kind === 'self-ref')
    nodes = nodes.filter((at) => isRecord(readAt(doc, at)));
  const tokens = nodes[change.at % Math.max(nodes.length, 1)];
  if (tokens === undefined) return doc;
  if (change.kind === 'ref' || change.kind === 'self-ref') {
    const ref =
      change.kind === 'ref'
        ? change.ref
        : `#${tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
    (readAt(doc, tokens) as Record<string, unknown>).$ref = ref;
    return doc;
  }
  const key = tokens.at(-1);
  if (key === undefined) return change.kind === 'delete' ? undefined : change.value;
  const parent = readAt(doc, tokens.slice(0, -1)) as Record<string, unknown>;
  if (change.kind === 'replace') parent[key] = change.value;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return doc;
}

type TextEdit = 'truncate' | 'duplicate-line' | 'duplicate-key';

function editText(text: string, kind: TextEdit, at: number): string {
  if (kind === 'truncate') return text.slice(0, at % (text.length + 1));
  if (kind === 'duplicate-key') {
    return text.trimStart().startsWith('{') ? text.replace('{', '{"paths": {},') : `paths: {}\n${text}`;
  }
  const lines = text.split('\n');
  const index = at % lines.length;
  lines.splice(index, 0, lines[index] ?? '');
  return lines.join('\n');
}

/** Which fixture, which structural mutations, and whether the tools get it as object, JSON or YAML. */
export const fixtureMutation = fc.record({
  fixture: fc.nat(FIXTURES.length - 1),
  changes: fc.array(mutation, { minLength: 1, maxLength: 3 }),
  form: fc.constantFrom('object', 'json', 'yaml'),
});

/** Which fixture's text, and how to break it: cut it short, or repeat a line or a key. */
export const textMutation = fc.record({
  fixture: fc.nat(FIXTURES.length - 1),
  kind: fc.constantFrom<TextEdit>('truncate', 'duplicate-line', 'duplicate-key'),
  at: fc.nat(),
});

export type FixtureMutation = typeof fixtureMutation extends fc.Arbitrary<infer T> ? T : never;
export type TextMutation = typeof textMutation extends fc.Arbitrary<infer T> ? T : never;

/** The mutated document in the requested form, and the untouched original. */
export function readMutatedSpec({ fixture, changes, form }: FixtureMutation): {
  spec: unknown;
  original: unknown;
} {
  const original = FIXTURES[fixture]?.doc;
  const doc = changes.reduce(applyMutation, structuredClone(original));
  if (form === 'object' || doc === undefined) return { spec: doc, original };
  return { spec: form === 'json' ? JSON.stringify(doc, null, 2) : dump(doc), original };
}

/** The edited fixture text, and the fixture's parsed original. */
export function readMutatedText({ fixture, kind, at }: TextMutation): { spec: string; original: unknown } {
  const entry = FIXTURES[fixture];
  return { spec: editText(entry?.text ?? '', kind, at), original: entry?.doc };
}
