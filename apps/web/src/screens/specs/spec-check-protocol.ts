import type { DiffResult, ValidationResult } from './spec-types';

/** A spec to check: text typed or pasted in the editor, or a file kept as the browser gave it. */
export type SpecSource = { kind: 'text'; text: string } | { kind: 'file'; file: File };

/** Where a check ran: on the server (the adapter route) or in this browser. */
export type CheckedWhere = 'server' | 'browser';

/** What the page asks the worker to do. `where` is the page's choice; the worker may fall back. */
export type CheckRequest =
  | { kind: 'validate'; where: CheckedWhere; spec: SpecSource }
  | { kind: 'diff'; where: CheckedWhere; from: SpecSource; to: SpecSource };

/** A failure, as the API words it (`code` from the server's catalogue, or `CONSOLE_…`). */
export interface CheckFailure {
  status: number;
  code: string;
  message: string;
}

/** How a check went, with where it really ran and, when that is not where asked, why. */
export type CheckAnswer =
  | { ok: true; kind: 'validate'; result: ValidationResult; where: CheckedWhere; note?: string }
  | { ok: true; kind: 'diff'; result: DiffResult; where: CheckedWhere; note?: string }
  | { ok: false; failure: CheckFailure };

/**
 * The adapter route's request body limit (`ADAPTER_CALL_BODY_LIMIT` in apps/server, 4 MiB). A
 * larger spec is checked in the browser: the server would refuse it with 413, and the toolkit
 * gives the same answer either way.
 */
export const ADAPTER_BODY_LIMIT = 4 * 1024 * 1024;
