import type { Diagnostic } from '../../types.js';

/**
 * Schema errors a semantic finding already explains, so one problem is reported once:
 * a schema error at `path` (about `property`, when given; any keyword when `keyword` is absent).
 */
export interface Cover {
  path: string;
  property?: string;
  keyword?: string;
}

/** A diagnostic from a semantic check, with its severity and the schema errors it subsumes. */
export interface Finding extends Diagnostic {
  severity: 'error' | 'warning';
  covers?: Cover[];
}

/** Builds an error finding. */
export function errorAt(code: string, path: string, message: string, covers?: Cover[]): Finding {
  return covers
    ? { code, message, path, severity: 'error', covers }
    : { code, message, path, severity: 'error' };
}

/** Builds a warning finding. */
export function warningAt(code: string, path: string, message: string): Finding {
  return { code, message, path, severity: 'warning' };
}
