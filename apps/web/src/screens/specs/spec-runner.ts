import { requestJson } from '../../api/http';
import { hasPermission, type SessionUser } from '../../api/types';

/** One problem in a spec, located by JSON pointer and (for text) line and column. */
export interface Diagnostic {
  code: string;
  message: string;
  path: string;
  line?: number;
  column?: number;
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
  operation?: string;
  location?: string;
  message: string;
}

/** `diff`'s result. */
export interface DiffResult {
  added: string[];
  removed: string[];
  changed: string[];
  changes: SpecChange[];
  breaking: SpecChange[];
  summary: { text: string; breaking: number };
  errors: Diagnostic[];
}

/** Where a check ran: on the server (the adapter route) or in this browser. */
export type CheckedWhere = 'server' | 'browser';

/**
 * Who checks: callers holding `run_adapter` (developers, staff, admins) use the server's `spec`
 * adapter (`POST /api/adapters/spec/…`, priced by the meter like any adapter call); members,
 * who may not call adapters, get the same toolkit run in the browser, loaded on first use.
 * The toolkit is offline and deterministic, so both give the same answer (docs/console.md).
 */
export function whereToCheck(user: SessionUser | null | undefined): CheckedWhere {
  return hasPermission(user ?? null, 'run_adapter') ? 'server' : 'browser';
}

/** Validates a spec's text. */
export async function validateSpec(text: string, where: CheckedWhere): Promise<ValidationResult> {
  if (where === 'server') {
    const answer = await requestJson<{ result: ValidationResult }>('/api/adapters/spec/validate', {
      method: 'POST',
      body: { spec: text },
    });
    return answer.result;
  }
  const toolkit = await import('@svc/spec-toolkit');
  return toolkit.validate({ spec: text }) as ValidationResult;
}

/** Diffs two specs' texts, the old one first. */
export async function diffSpecs(oldText: string, newText: string, where: CheckedWhere): Promise<DiffResult> {
  if (where === 'server') {
    const answer = await requestJson<{ result: DiffResult }>('/api/adapters/spec/diff', {
      method: 'POST',
      body: { from: oldText, to: newText },
    });
    return answer.result;
  }
  const toolkit = await import('@svc/spec-toolkit');
  return toolkit.diff({ from: oldText, to: newText }) as unknown as DiffResult;
}

/** Changes in reading order: breaking changes first, then warnings, then the rest. */
export function orderChanges(changes: readonly SpecChange[]): SpecChange[] {
  const rank = { error: 0, warning: 1, info: 2 } as const;
  return [...changes].sort((a, b) => rank[a.level] - rank[b.level]);
}
