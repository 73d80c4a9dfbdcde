import { CHANGE_LEVELS } from './internal/diff/change-catalog.js';
import { READING_CODES, RULES, type RuleInfo } from './internal/rules/rule-catalogue.js';

export type { RuleInfo, RuleLevel } from './internal/rules/rule-catalogue.js';

/**
 * The rules `validate` reports: stable id, default level, whether only `strict` reports it,
 * and the equivalent rule of Redocly's `recommended` set and of Spectral's `spectral:oas`.
 *
 * @example
 * listValidateRules().find((rule) => rule.id === 'SPEC_PATH_IDENTICAL')?.redocly; // 'no-identical-paths'
 */
export function listValidateRules(): readonly RuleInfo[] {
  return RULES;
}

/**
 * Every id a rule level may be configured for: validate's rules and reading codes, and
 * diff's change ids.
 *
 * @example
 * listRuleIds().includes('operation-removed'); // true
 */
export function listRuleIds(): string[] {
  return [...RULES.map((rule) => rule.id), ...READING_CODES, ...Object.keys(CHANGE_LEVELS)];
}

/**
 * The known rule id nearest to a misspelt one (fewest edits, case ignored; the first in
 * catalogue order on a tie).
 *
 * @example
 * findClosestRuleId('SPEC_PATH_IDENTICLA'); // 'SPEC_PATH_IDENTICAL'
 */
export function findClosestRuleId(typed: string): string {
  const wanted = typed.toUpperCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const id of listRuleIds()) {
    const distance = editDistance(wanted, id.toUpperCase(), bestDistance);
    if (distance < bestDistance) {
      best = id;
      bestDistance = distance;
    }
  }
  return best ?? '';
}

/** Levenshtein distance, giving up (returning `limit`) once every path exceeds it. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return Math.min(previous[b.length] as number, limit);
}
