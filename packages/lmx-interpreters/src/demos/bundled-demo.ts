import type { LanguageId } from '../language.js';

/** A bundled script: the source a user can run as is, shown by `GET /api/lmx/demos`. */
export interface BundledDemo {
  /** Stable id: `<mode>-<topic>`. */
  id: string;
  mode: LanguageId;
  title: string;
  description: string;
  source: string;
  /** JSON data the demo reads as `input`. */
  input?: unknown;
}
