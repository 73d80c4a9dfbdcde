import type { Diagnostic } from '../../types.js';
import { type LoadedSpec, type LoadSpecOptions, loadSpec } from '../load-spec.js';
import { forgetTargets } from '../spec-model.js';
import type { Bundle, Origin } from './bundle-documents.js';
import type { SpecDocument } from './load-documents.js';

/** What the tools need of a resolved spec beyond its public fields. */
export interface ResolvedInternals {
  entry: SpecDocument;
  bundle: Bundle | undefined;
  diagnostics: Diagnostic[];
  documentOrder: string[];
}

/** The hidden half of every `ResolvedSpec`; a WeakMap keeps the public object plain JSON. */
export const RESOLVED_INTERNALS = new WeakMap<object, ResolvedInternals>();

/**
 * Reads what a tool's `spec` argument holds: a `resolveSpec` result (the bundled document, with
 * findings moved back into the file they are in) or anything `loadSpec` reads. The registry
 * sits above `loadSpec`, never below it, so parsing one file never depends on resolving many.
 *
 * @example
 * const loaded = loadSpecInput(args.spec); // a ResolvedSpec, an object, JSON or YAML text
 */
export function loadSpecInput(input: unknown, options: LoadSpecOptions = {}): LoadedSpec {
  const internals = typeof input === 'object' && input !== null ? RESOLVED_INTERNALS.get(input) : undefined;
  return internals === undefined ? loadSpec(input, options) : loadResolved(internals);
}

/** Finds where a bundled pointer was written: the file and the pointer inside it. */
export function locateOrigin(internals: ResolvedInternals, pointer: string): Origin {
  const origins = internals.bundle?.origins;
  if (origins === undefined) return { document: internals.entry, pointer };
  let current = pointer;
  for (;;) {
    const origin = origins.get(current);
    if (origin !== undefined)
      return { document: origin.document, pointer: origin.pointer + pointer.slice(current.length) };
    if (current === '') return { document: internals.entry, pointer };
    current = current.slice(0, current.lastIndexOf('/'));
  }
}

/**
 * The tools' view of a resolved spec: diagnostics found on the bundled document are moved into
 * the file they are in (`file`, `path` in that file) and get that file's line and column.
 *
 * @example
 * const loaded = loadResolved(internals); loaded.addPositions(errors);
 */
export function loadResolved(internals: ResolvedInternals): LoadedSpec {
  const entryLoaded = internals.entry.loaded;
  forgetTargets(internals.bundle?.doc ?? entryLoaded?.doc);
  return {
    doc: internals.bundle?.doc ?? entryLoaded?.doc,
    format: entryLoaded?.format ?? 'yaml',
    diagnostics: internals.diagnostics.map((diagnostic) => ({ ...diagnostic })),
    addPositions(list) {
      const byDocument = new Map<SpecDocument, Diagnostic[]>();
      for (const diagnostic of list) {
        if (diagnostic.file !== undefined) continue;
        const origin = locateOrigin(internals, diagnostic.path);
        diagnostic.file = origin.document.name;
        diagnostic.path = origin.pointer;
        const group = byDocument.get(origin.document) ?? [];
        group.push(diagnostic);
        byDocument.set(origin.document, group);
      }
      for (const [document, group] of byDocument) document.loaded?.addPositions(group);
    },
    isFailedRef: (pointer) => internals.bundle?.failedRefs.has(pointer) === true,
    locate(pointer) {
      const origin = locateOrigin(internals, pointer);
      return { file: origin.document.name, pointer: origin.pointer };
    },
    fileOrder: internals.documentOrder,
  };
}
