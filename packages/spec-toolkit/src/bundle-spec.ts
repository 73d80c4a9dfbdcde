import { isPlainObject } from './internal/json-pointer.js';
import { hoistComponents } from './internal/resolve/hoist-components.js';
import { loadSpecInput, RESOLVED_INTERNALS } from './internal/resolve/resolved-registry.js';
import { readVersion } from './internal/spec-model.js';
import type { Diagnostic, SpecInput } from './types.js';

/** Arguments of {@link bundleSpec}. */
export interface BundleSpecArgs {
  /** A spec read with `resolveSpec` (or any single document, returned as it is). */
  spec: SpecInput;
}

/** Result of {@link bundleSpec}. */
export interface BundleSpecResult {
  /** One self-contained document (plain JSON); undefined when `errors` is not empty. */
  bundle: Record<string, unknown> | undefined;
  /** What kept the spec from being bundled: unreadable or unparsable files, references that do not resolve. */
  errors: Diagnostic[];
}

/**
 * One self-contained document from a spec split into files: every followed `$ref` is
 * internalised into the reusable sections (`components/schemas/Pet`, 2.0 `definitions/Pet`),
 * named after its file or fragment, and referenced from where it was used. URLs the resolver
 * did not read stay as written. Never throws.
 *
 * @example
 * ```ts
 * const spec = await resolveSpec({ url, resolver });
 * const { bundle, errors } = bundleSpec({ spec });
 * // bundle.components.schemas.Pet, and `$ref: '#/components/schemas/Pet'` where ./schemas/pet.yaml was
 * ```
 */
export function bundleSpec(args: BundleSpecArgs): BundleSpecResult {
  const input = isPlainObject(args) ? args.spec : undefined;
  const loaded = loadSpecInput(input);
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.code !== 'SPEC_DUPLICATE_KEY');
  if (errors.length > 0 || loaded.doc === undefined) return { bundle: undefined, errors };
  if (!isPlainObject(loaded.doc)) {
    return {
      bundle: undefined,
      errors: [
        { code: 'SPEC_NOT_AN_OBJECT', message: 'A spec must be an object at the top level.', path: '' },
      ],
    };
  }
  const internals = typeof input === 'object' && input !== null ? RESOLVED_INTERNALS.get(input) : undefined;
  if (internals?.bundle === undefined) return { bundle: structuredClone(loaded.doc), errors: [] };
  try {
    // The bundler's document is shared with the tools that read the resolved spec: hoist in a copy.
    const copy = { ...internals.bundle, doc: structuredClone(internals.bundle.doc) };
    hoistComponents(copy, readVersion(copy.doc).version);
    return { bundle: copy.doc as Record<string, unknown>, errors: [] };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const message = 'The document is nested too deeply to bundle; no real spec nests this far.';
    return { bundle: undefined, errors: [{ code: 'SPEC_TOO_DEEP', message, path: '' }] };
  }
}
