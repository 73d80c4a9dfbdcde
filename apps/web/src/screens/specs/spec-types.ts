/** One problem in a spec, located by JSON pointer and (for text) line and column. */
export interface Diagnostic {
  code: string;
  message: string;
  path: string;
  line?: number;
  column?: number;
  /** The text of `line` (at most 200 characters), added by the console for a file not in the editor. */
  excerpt?: string;
}

/** `validate`'s result, the same from the adapter route and from the toolkit in the browser. */
export interface ValidationResult {
  valid: boolean;
  version: string | null;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  counts: { errors: number; warnings: number; paths: number; operations: number };
}

/** One change found by `diff`. */
export interface SpecChange {
  id: string;
  level: 'error' | 'warning' | 'info';
  /** `METHOD /path` (or `WEBHOOK name METHOD`); absent or empty for a change to the document itself. */
  operation?: string;
  location?: string;
  line?: number;
  message: string;
}

/** `diff`'s result. */
export interface DiffResult {
  added: string[];
  removed: string[];
  changes: SpecChange[];
  breaking: SpecChange[];
  summary: { text: string; breaking: number };
  errors: Diagnostic[];
}
