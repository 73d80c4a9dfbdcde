import { appendAll } from './internal/append-all.js';
import { loadSpec } from './internal/load-spec.js';
import { bundleDocuments } from './internal/resolve/bundle-documents.js';
import { nameDocument } from './internal/resolve/file-names.js';
import { loadDocuments, type SpecDocument } from './internal/resolve/load-documents.js';
import {
  loadResolved,
  RESOLVED_INTERNALS,
  type ResolvedInternals,
} from './internal/resolve/resolved-registry.js';
import { readVersion } from './internal/spec-model.js';
import type { SpecResolver } from './ports/spec-resolver.js';
import type { Diagnostic } from './types.js';

/** Arguments of {@link resolveSpec}. */
export interface ResolveSpecArgs {
  /** The entry document's absolute URL (`file:///work/api/openapi.yaml`): relative refs resolve against it. */
  url: string | URL;
  /** The entry's text when the caller already has it (stdin); otherwise it is read through `resolver`. */
  text?: string | Uint8Array;
  /** The entry's name in findings (`api/openapi.yaml`); default: the URL's last path segment. */
  name?: string;
  /** Reads referenced documents; without one, external references stay unresolved (a warning). */
  resolver?: SpecResolver;
}

/** One document of a resolved spec. */
export interface ResolvedFile {
  /** The name findings carry in `file`. */
  name: string;
  url: string;
}

/**
 * A multi-file spec read and internalised: pass it as `spec` to `validate`, `diff`,
 * `listEndpoints`, `exampleRequest`, `toMarkdown` or `bundleSpec`; their findings then name
 * the file each one is in.
 */
export interface ResolvedSpec {
  /** The entry with every followed reference internalised: only local `$ref`s (and unfollowed URLs) remain. */
  doc: unknown;
  /** Every document read, entry first. */
  files: ResolvedFile[];
  /** What stopped a reference from being followed (unreadable or unparsable files, missing targets). */
  diagnostics: Diagnostic[];
}

/**
 * Reads a spec split into files: follows every `$ref` to another document that the resolver
 * accepts (JSON or YAML, nested, cyclic, with JSON-pointer fragments), once per document.
 * A referenced file that cannot be read is an error located at each `$ref` naming it; a URL
 * the resolver does not accept stays unresolved. Never throws for bad input.
 *
 * @example
 * ```ts
 * import { resolveSpec, validate } from '@svc/spec-toolkit';
 *
 * const spec = await resolveSpec({ url: 'mem:/api/openapi.yaml', resolver: createMemoryResolver(files) });
 * validate({ spec }).errors[0]?.file; // 'schemas/pet.yaml'
 * ```
 */
export async function resolveSpec(args: ResolveSpecArgs): Promise<ResolvedSpec> {
  const entryUrl = new URL(String(args.url));
  entryUrl.hash = '';
  const name = args.name ?? (decodeURIComponent(entryUrl.pathname.split('/').pop() ?? '') || entryUrl.href);
  const entry: SpecDocument = { url: entryUrl.href, name };
  const diagnostics: Diagnostic[] = [];
  const text = args.text ?? (await readEntry(entryUrl, args.resolver, diagnostics, name));
  if (text !== undefined) {
    entry.loaded = loadSpec(text);
    for (const diagnostic of entry.loaded.diagnostics) diagnostics.push({ ...diagnostic, file: name });
  }
  const version = readVersion(entry.loaded?.doc).version;
  const loaded = await loadDocuments({
    entry,
    resolver: args.resolver,
    version,
    nameOf: (url) => nameDocument(url, entryUrl, name),
  });
  appendAll(diagnostics, loaded.diagnostics);
  const documentOrder = [...loaded.documents.values()].map((document) => document.name);
  const internals: ResolvedInternals = { entry, bundle: undefined, diagnostics, documentOrder };
  if (loaded.documents.size > 1 && entry.loaded?.doc !== undefined) {
    try {
      internals.bundle = bundleDocuments(entry, loaded.documents, version);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      diagnostics.push({
        code: 'SPEC_TOO_DEEP',
        message: 'The document is nested too deeply to resolve; no real spec nests this far.',
        path: '',
        file: name,
      });
    }
  }
  if (internals.bundle !== undefined) {
    const sites = internals.bundle.diagnostics;
    // Findings at `$ref` sites are told in the terms of the file holding the `$ref`.
    loadResolved(internals).addPositions(sites);
    appendAll(diagnostics, sites);
  }
  const result: ResolvedSpec = {
    doc: internals.bundle?.doc ?? entry.loaded?.doc,
    files: [...loaded.documents.values()].map((document) => ({ name: document.name, url: document.url })),
    diagnostics,
  };
  RESOLVED_INTERNALS.set(result, internals);
  return result;
}

async function readEntry(
  url: URL,
  resolver: SpecResolver | undefined,
  diagnostics: Diagnostic[],
  name: string,
): Promise<string | Uint8Array | undefined> {
  if (resolver === undefined || !resolver.canRead(url)) {
    diagnostics.push({
      code: 'SPEC_INPUT_MISSING',
      message: `No text was given for ${name} and no resolver reads ${url.href}.`,
      path: '',
      file: name,
    });
    return undefined;
  }
  try {
    return await resolver.read(url);
  } catch (error) {
    diagnostics.push({
      code: 'SPEC_INPUT_UNREADABLE',
      message: `${name} cannot be read: ${error instanceof Error ? error.message : String(error)}.`,
      path: '',
      file: name,
    });
    return undefined;
  }
}
