import type { SpecResolver } from '../../ports/spec-resolver.js';
import type { Diagnostic, SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { type LoadedSpec, loadSpec } from '../load-spec.js';
import { splitRef } from './document-url.js';
import { holdsReferences, NAME_MAPS } from './ref-walk-rules.js';

/** One document of a multi-file spec: the entry or a file it references. */
export interface SpecDocument {
  /** Absolute URL without fragment. */
  url: string;
  /** The name messages use (a relative path for files). */
  name: string;
  /** Parsed, when it was read and parsed. */
  loaded?: LoadedSpec;
  /** Why it could not be read, when the resolver failed. */
  unreadable?: string;
}

/** Past this many documents a spec is refused: no real project splits further, a generator loop does. */
export const MAX_DOCUMENTS = 5000;

/**
 * Reads every document reachable from the entry through `$ref`s the resolver accepts,
 * breadth first, each once (cycles end there). Parse problems of referenced documents are
 * returned with the document's name.
 *
 * @example
 * const { documents } = await loadDocuments({ entry, resolver, version: '3.1', nameOf });
 */
export async function loadDocuments(args: {
  entry: SpecDocument;
  resolver: SpecResolver | undefined;
  version: SpecVersion | null;
  nameOf: (url: URL) => string;
}): Promise<{ documents: Map<string, SpecDocument>; diagnostics: Diagnostic[] }> {
  const { entry, resolver, version, nameOf } = args;
  const documents = new Map<string, SpecDocument>([[entry.url, entry]]);
  const diagnostics: Diagnostic[] = [];
  let wave: SpecDocument[] = [entry];
  while (wave.length > 0 && resolver !== undefined) {
    const next: SpecDocument[] = [];
    for (const document of wave) {
      let refs: string[];
      try {
        refs = collectRefs(document.loaded?.doc, version);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        diagnostics.push({
          code: 'SPEC_TOO_DEEP',
          message: 'The document is nested too deeply to resolve; no real spec nests this far.',
          path: '',
          file: document.name,
        });
        continue;
      }
      for (const ref of refs) {
        const target = splitRef(ref, document.url);
        if (target === undefined || documents.has(target.document)) continue;
        const url = new URL(target.document);
        if (!resolver.canRead(url)) continue;
        if (documents.size >= MAX_DOCUMENTS) {
          diagnostics.push({
            code: 'SPEC_REF_TOO_MANY_FILES',
            message: `The spec references more than ${MAX_DOCUMENTS} documents; the rest were not read.`,
            path: '',
            file: entry.name,
          });
          return { documents, diagnostics };
        }
        const found: SpecDocument = { url: target.document, name: nameOf(url) };
        documents.set(found.url, found);
        next.push(found);
      }
    }
    await Promise.all(next.map((document) => readDocument(document, resolver, diagnostics)));
    wave = next;
  }
  return { documents, diagnostics };
}

async function readDocument(
  document: SpecDocument,
  resolver: SpecResolver,
  diagnostics: Diagnostic[],
): Promise<void> {
  let text: string | Uint8Array;
  try {
    text = await resolver.read(new URL(document.url));
  } catch (error) {
    document.unreadable = error instanceof Error ? error.message : String(error);
    return;
  }
  const loaded = loadSpec(typeof text === 'string' || text instanceof Uint8Array ? text : String(text));
  document.loaded = loaded;
  for (const diagnostic of loaded.diagnostics) diagnostics.push({ ...diagnostic, file: document.name });
}

/** Every `$ref` string of a document that names another document (not `#…`). */
function collectRefs(doc: unknown, version: SpecVersion | null): string[] {
  const refs: string[] = [];
  const walk = (node: unknown, namesHere: boolean, inExamples: boolean, parentKey: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, false, false, '');
      return;
    }
    if (!isPlainObject(node)) return;
    if (!namesHere && typeof node.$ref === 'string' && !node.$ref.startsWith('#')) refs.push(node.$ref);
    for (const key in node) {
      if (!holdsReferences(key, node, namesHere, inExamples, version)) continue;
      walk(node[key], !namesHere && NAME_MAPS.has(key), namesHere && parentKey === 'examples', key);
    }
  };
  walk(doc, false, false, '');
  return refs;
}
