import type { Diagnostic } from '../../types.js';
import { appendAll } from '../append-all.js';
import { isPlainObject } from '../json-pointer.js';
import type { LoadedSpec } from '../load-spec.js';
import { loadSpecInput } from '../resolve/resolved-registry.js';
import { readVersion } from '../spec-model.js';
import { createRefResolver } from './ref-resolver.js';
import { createSchemaReader } from './schema-node.js';
import type { SpecSide } from './side-views.js';

/** Which input a diagnostic is about; `both` only for a failure of the comparison itself. */
export type DiagnosticSide = 'old' | 'new' | 'both';

/** A diagnostic about one of the two inputs; the message starts with `Old spec:` or `New spec:`. */
export interface DiffDiagnostic extends Diagnostic {
  side: DiagnosticSide;
}

/**
 * Reads one side of a diff. Only what stops the comparison is reported (unparseable text, not
 * an OpenAPI or Swagger document); duplicate keys and the like are `validate`'s business.
 *
 * @example
 * loadSide('{', 'new').errors[0]?.message; // 'New spec: Invalid JSON: …'
 */
export function loadSide(
  input: unknown,
  side: 'old' | 'new',
): { spec?: SpecSide; errors: DiffDiagnostic[]; addPositions?: LoadedSpec['addPositions'] } {
  const loaded = loadSpecInput(input);
  const found: Diagnostic[] = [];
  // In a multi-file spec, a reference that could not be followed would make the comparison lie.
  const blocking = loaded.diagnostics.filter((diagnostic) => diagnostic.code !== 'SPEC_DUPLICATE_KEY');
  if (loaded.doc === undefined || (loaded.locate !== undefined && blocking.length > 0)) {
    appendAll(found, loaded.doc === undefined ? loaded.diagnostics : blocking);
  } else {
    const declared = readVersion(loaded.doc);
    if (declared.version !== null && isPlainObject(loaded.doc)) {
      const doc = loaded.doc;
      const resolve = createRefResolver(doc);
      const spec = {
        doc,
        swagger2: declared.version === '2.0',
        resolve,
        reader: createSchemaReader(resolve),
      };
      return { spec, errors: [], addPositions: loaded.addPositions.bind(loaded) };
    }
    found.push(describeVersionProblem(loaded.doc, declared.field, declared.raw));
    loaded.addPositions(found);
  }
  const prefix = side === 'old' ? 'Old spec: ' : 'New spec: ';
  return {
    errors: found.map((diagnostic) => ({ ...diagnostic, message: `${prefix}${diagnostic.message}`, side })),
  };
}

// The codes match `validate`'s, so one catalogue of meanings covers both tools.
function describeVersionProblem(doc: unknown, field: 'openapi' | 'swagger' | null, raw: unknown): Diagnostic {
  if (!isPlainObject(doc)) {
    const kind = Array.isArray(doc) ? 'an array' : doc === null ? 'null' : typeof doc;
    return { code: 'SPEC_NOT_AN_OBJECT', message: `A spec must be an object, not ${kind}.`, path: '' };
  }
  if (field === null) {
    return {
      code: 'SPEC_VERSION_MISSING',
      message: 'Not an OpenAPI or Swagger document: it declares no "openapi" or "swagger" version.',
      path: '',
    };
  }
  return {
    code: 'SPEC_VERSION_UNSUPPORTED',
    message: `Unsupported ${field} version ${JSON.stringify(raw) ?? String(raw)}: expected 2.0, 3.0.x, 3.1.x or 3.2.x.`,
    path: `/${field}`,
  };
}
