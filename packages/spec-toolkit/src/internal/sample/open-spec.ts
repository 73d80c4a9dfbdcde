import type { Diagnostic, SpecVersion } from '../../types.js';
import { isPlainObject } from '../json-pointer.js';
import { loadSpecInput } from '../resolve/resolved-registry.js';
import { readVersion } from '../spec-model.js';

/** A spec loaded for reading (listing, sampling, rendering), with the problems met so far. */
export interface OpenedSpec {
  /** The document root; undefined when it could not be read as an object. */
  doc: Record<string, unknown> | undefined;
  /** The declared version, or the best guess when it is missing or unsupported. */
  version: SpecVersion;
  errors: Diagnostic[];
  /** Fills line/column of diagnostics for text input. */
  addPositions(diagnostics: Diagnostic[]): void;
}

/**
 * Loads a spec for the read-only tools. Unlike validation these tools keep going on a document
 * with a missing or odd version (guessing 2.0 from `swagger`, else 3.x), so a half-written
 * spec still lists and renders; the version problem is reported once.
 *
 * @example
 * ```ts
 * openSpec('swagger: "2.0"\npaths: {}').version; // '2.0'
 * ```
 */
export function openSpec(input: unknown): OpenedSpec {
  const loaded = loadSpecInput(input);
  const errors = [...loaded.diagnostics];
  const addPositions = loaded.addPositions.bind(loaded);
  if (loaded.doc === undefined) return { doc: undefined, version: '3.0', errors, addPositions };
  if (!isPlainObject(loaded.doc)) {
    errors.push({
      code: 'SPEC_NOT_AN_OBJECT',
      message: 'The spec must be an object at the top level.',
      path: '',
    });
    return { doc: undefined, version: '3.0', errors, addPositions };
  }
  const declared = readVersion(loaded.doc);
  if (declared.version !== null) return { doc: loaded.doc, version: declared.version, errors, addPositions };
  const field = declared.field ?? 'openapi';
  errors.push({
    code: declared.field === null ? 'SPEC_VERSION_MISSING' : 'SPEC_VERSION_UNSUPPORTED',
    message:
      declared.field === null
        ? 'The spec declares no version: expected `openapi: 3.0.x`, `3.1.x`, `3.2.x` or `swagger: "2.0"`.'
        : `Unsupported ${field} version ${JSON.stringify(declared.raw)}: expected 3.0.x, 3.1.x, 3.2.x or "2.0".`,
    path: declared.field === null ? '' : `/${field}`,
  });
  return { doc: loaded.doc, version: declared.field === 'swagger' ? '2.0' : '3.0', errors, addPositions };
}
