import type { Diagnostic } from '../../types.js';
import type { OperationEntry } from '../spec-model.js';

/** What the caller asked for; any combination, all given criteria must hold. */
export interface OperationQuery {
  method?: string;
  path?: string;
  operationId?: string;
}

/** The chosen operation, or the reason none was chosen. */
export type Selection =
  | { entry: OperationEntry; pathValues: Record<string, string>; error?: undefined }
  | { entry?: undefined; error: Diagnostic };

const MAX_CHOICES_SHOWN = 25;

/**
 * Picks one operation by `operationId` and/or method + path. The path may be the template as
 * written (`/pets/{petId}`), a template with other parameter names (`/pets/{id}`), or a concrete
 * path (`/pets/42`, whose values then fill the path parameters; literal segments win over templates).
 *
 * @example
 * ```ts
 * selectOperation(listOperations(doc), { method: 'get', path: '/pets/42' }).entry?.path; // '/pets/{petId}'
 * ```
 */
export function selectOperation(entries: readonly OperationEntry[], query: OperationQuery): Selection {
  let candidates = [...entries];
  let pathValues: Record<string, string> = {};
  if (query.operationId !== undefined)
    candidates = candidates.filter((e) => e.operation.operationId === query.operationId);
  if (query.method !== undefined) {
    const method = query.method.toLowerCase();
    candidates = candidates.filter((e) => e.method === method);
  }
  if (query.path !== undefined) {
    const wanted = query.path;
    const exact = candidates.filter((e) => e.path === wanted);
    const sameShape = candidates.filter((e) => toShape(e.path) === toShape(wanted));
    if (exact.length > 0) candidates = exact;
    else if (sameShape.length > 0) candidates = sameShape;
    else {
      const matched = candidates
        .map((entry) => ({ entry, values: matchConcrete(entry.path, wanted) }))
        .filter(
          (m): m is { entry: OperationEntry; values: Record<string, string> } => m.values !== undefined,
        );
      const fewest = Math.min(...matched.map((m) => Object.keys(m.values).length));
      const best = matched.filter((m) => Object.keys(m.values).length === fewest);
      candidates = best.map((m) => m.entry);
      if (best.length === 1 && best[0]) pathValues = best[0].values;
    }
  }
  const [only] = candidates;
  if (candidates.length === 1 && only) return { entry: only, pathValues };
  const asked = describeQuery(query);
  if (candidates.length === 0) {
    return {
      error: {
        code: 'SPEC_OPERATION_NOT_FOUND',
        message: `No operation matches ${asked}. Available: ${listChoices(entries)}.`,
        path: '/paths',
      },
    };
  }
  return {
    error: {
      code: 'SPEC_OPERATION_AMBIGUOUS',
      message: `${asked.charAt(0).toUpperCase()}${asked.slice(1)} matches ${candidates.length} operations; pick one with operationId or method and path: ${listChoices(candidates)}.`,
      path: '/paths',
    },
  };
}

function toShape(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}');
}

function matchConcrete(template: string, concrete: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = template
    .split(/(\{[^{}]*\})/)
    .map((piece) => {
      const name = /^\{([^{}]*)\}$/.exec(piece)?.[1];
      if (name === undefined) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(concrete);
  if (!match) return undefined;
  const values: Record<string, string> = {};
  names.forEach((name, index) => {
    const raw = match[index + 1] ?? '';
    try {
      values[name] = decodeURIComponent(raw);
    } catch {
      values[name] = raw;
    }
  });
  return values;
}

function describeQuery(query: OperationQuery): string {
  const parts: string[] = [];
  if (query.operationId !== undefined) parts.push(`operationId ${JSON.stringify(query.operationId)}`);
  if (query.method !== undefined && query.path !== undefined)
    parts.push(`${query.method.toUpperCase()} ${query.path}`);
  else if (query.method !== undefined) parts.push(`${query.method.toUpperCase()} on any path`);
  else if (query.path !== undefined) parts.push(`any method on ${query.path}`);
  return parts.length === 0 ? 'the request (no operationId, method or path given)' : parts.join(' and ');
}

function listChoices(entries: readonly OperationEntry[]): string {
  if (entries.length === 0) return '(the spec has no operations)';
  const shown = entries.slice(0, MAX_CHOICES_SHOWN).map((e) => {
    const id = typeof e.operation.operationId === 'string' ? ` (${e.operation.operationId})` : '';
    return `${e.method.toUpperCase()} ${e.path}${id}`;
  });
  const more = entries.length - shown.length;
  return more > 0 ? `${shown.join(', ')}, and ${more} more` : shown.join(', ');
}
