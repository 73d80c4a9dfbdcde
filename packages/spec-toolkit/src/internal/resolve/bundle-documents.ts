import type { Diagnostic, SpecVersion } from '../../types.js';
import { isPlainObject, joinPointer, parsePointer, readAtTokens, toPointer } from '../json-pointer.js';
import { splitRef } from './document-url.js';
import type { SpecDocument } from './load-documents.js';
import { holdsReferences, NAME_MAPS } from './ref-walk-rules.js';

/** Where a part of the bundled document came from. */
export interface Origin {
  document: SpecDocument;
  /** JSON pointer inside that document. */
  pointer: string;
}

/** The entry with every followed reference internalised, and the way back to the files. */
export interface Bundle {
  doc: unknown;
  /** Bundled pointer → where the subtree starting there was written. */
  origins: Map<string, Origin>;
  /** Problems met at `$ref` sites, still pointing into the bundled document (mapped later). */
  diagnostics: Diagnostic[];
  /** Bundled pointers of `$ref`s that could not be followed and carry an error already. */
  failedRefs: Set<string>;
}

/**
 * Internalises external references the way a bundler does: the first reference to a target
 * gets the target's content in its place, every later one (and every cycle back into it)
 * becomes a local `$ref` to that place. References inside the entry stay as written.
 * Each inlined subtree is recorded in `origins`, so findings can be told in the file's terms.
 *
 * @example
 * const bundle = bundleDocuments(entry, documents, '3.1');
 * bundle.doc; // only local references left
 */
export function bundleDocuments(
  entry: SpecDocument,
  documents: ReadonlyMap<string, SpecDocument>,
  version: SpecVersion | null,
): Bundle {
  const origins = new Map<string, Origin>([['', { document: entry, pointer: '' }]]);
  const diagnostics: Diagnostic[] = [];
  const failedRefs = new Set<string>();
  /** `documentUrl#pointer` → bundled pointer where it was inlined. */
  const placed = new Map<string, string>();

  const placedAt = (document: string, pointer: string): string | undefined => {
    let current = pointer;
    for (;;) {
      const at = placed.get(`${document}#${current}`);
      if (at !== undefined) return at + pointer.slice(current.length);
      if (current === '') return undefined;
      current = current.slice(0, current.lastIndexOf('/'));
    }
  };

  const fail = (at: string, code: string, message: string): void => {
    diagnostics.push({ code, message, path: `${at}/$ref` });
    failedRefs.add(`${at}/$ref`);
  };

  const followRef = (node: Record<string, unknown>, document: SpecDocument, at: string): unknown => {
    const ref = node.$ref as string;
    const asWritten = () => rebuildObject(node, document, at, false, false);
    // The entry's own local references stay exactly as written.
    if (document === entry && ref.startsWith('#')) return asWritten();
    const target = splitRef(ref, document.url);
    if (target === undefined || target.pointer === null) return asWritten();
    const withRef = (pointer: string) => ({
      ...siblingsOf(node, document, at),
      $ref: `#${encodeFragment(pointer)}`,
    });
    if (target.document === entry.url) return withRef(target.pointer);
    const written = documents.get(target.document);
    if (written === undefined) return asWritten(); // not the resolver's to read: left as written
    if (written.loaded === undefined) {
      if (written.unreadable !== undefined)
        fail(at, 'SPEC_REF_FILE_UNREADABLE', `"${ref}" cannot be read: ${written.unreadable}.`);
      return asWritten();
    }
    if (written.loaded.doc === undefined) {
      failedRefs.add(`${at}/$ref`); // its parse errors are reported in its own file
      return asWritten();
    }
    const already = placedAt(target.document, target.pointer);
    if (already !== undefined) return withRef(already);
    const value = readAtTokens(written.loaded.doc, parsePointer(target.pointer) ?? []);
    if (value === undefined) {
      const where = target.pointer === '' ? 'the document' : `"${target.pointer}"`;
      fail(at, 'SPEC_REF_DANGLING', `"${ref}" does not resolve: ${written.name} has no ${where}.`);
      return asWritten();
    }
    placed.set(`${target.document}#${target.pointer}`, at);
    origins.set(at, { document: written, pointer: target.pointer });
    const content = rebuild(value, written, at, false, false);
    const siblings = siblingsOf(node, document, at);
    if (Object.keys(siblings).length === 0 || !isPlainObject(content)) return content;
    // A reference with siblings (3.1 schemas, descriptions): the siblings win, as written.
    return { ...content, ...siblings };
  };

  const siblingsOf = (node: Record<string, unknown>, document: SpecDocument, at: string) => {
    const out = rebuildObject(node, document, at, false, false);
    delete out.$ref;
    return out;
  };

  /** Copies an object, rebuilding the members that may hold references. */
  const rebuildObject = (
    node: Record<string, unknown>,
    document: SpecDocument,
    at: string,
    namesHere: boolean,
    childrenAreExamples: boolean,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key of at === '' ? rootKeyOrder(node) : Object.keys(node)) {
      const value = node[key];
      if (!holdsReferences(key, node, namesHere, false, version)) {
        out[key] = value;
        continue;
      }
      if (childrenAreExamples && isPlainObject(value)) {
        out[key] = rebuildExample(value, document, joinPointer(at, key));
        continue;
      }
      const childNames = !namesHere && NAME_MAPS.has(key);
      out[key] = rebuild(value, document, joinPointer(at, key), childNames, childNames && key === 'examples');
    }
    // Visiting components first placed them there; the copy keeps the author's key order.
    return at === '' ? Object.fromEntries(Object.keys(node).map((key) => [key, out[key]])) : out;
  };

  /** An Example Object: its `value` is data, whatever it holds. */
  const rebuildExample = (node: Record<string, unknown>, document: SpecDocument, at: string): unknown => {
    if (typeof node.$ref === 'string') return followRef(node, document, at);
    const out: Record<string, unknown> = {};
    for (const key in node) {
      out[key] = holdsReferences(key, node, false, true, version)
        ? rebuild(node[key], document, joinPointer(at, key), false, false)
        : node[key];
    }
    return out;
  };

  function rebuild(
    node: unknown,
    document: SpecDocument,
    at: string,
    namesHere: boolean,
    childrenAreExamples: boolean,
  ): unknown {
    if (Array.isArray(node))
      return node.map((item, index) => rebuild(item, document, joinPointer(at, index), false, false));
    if (!isPlainObject(node)) return node;
    if (!namesHere && typeof node.$ref === 'string') return followRef(node, document, at);
    return rebuildObject(node, document, at, namesHere, childrenAreExamples);
  }

  const doc = rebuild(entry.loaded?.doc, entry, '', false, false);
  return { doc, origins, diagnostics, failedRefs };
}

/**
 * The root's members with the reusable sections first, so a file referenced both from an
 * operation and from `components` is inlined under `components` and referenced from the operation.
 */
function rootKeyOrder(node: Record<string, unknown>): string[] {
  const first = ['components', 'definitions', 'parameters', 'responses'].filter((key) =>
    Object.hasOwn(node, key),
  );
  return [...first, ...Object.keys(node).filter((key) => !first.includes(key))];
}

/** A JSON pointer as a URI fragment (what `#…` holds in a `$ref`). */
function encodeFragment(pointer: string): string {
  return toPointer(parsePointer(pointer) ?? []).replace(/[^A-Za-z0-9\-._~/:@!$&'()*+,;=]/gu, (c) =>
    encodeURIComponent(c),
  );
}
