import type { DescribeContext, DescribeFunction } from '../../describe-function.js';
import { toInlineCode } from './markdown-text.js';
import type { SchemeSummary } from './security-schemes.js';

/** Facts the heuristic overview is composed from. */
export interface OverviewFacts {
  context: DescribeContext;
  specLabel: string;
  groups: { title: string; count: number }[];
  deprecatedCount: number;
  webhookCount: number;
  schemes: SchemeSummary[];
  servers: string[];
}

/**
 * Asks the injected model function for an overview. Resolves to the trimmed text, or undefined
 * when there is no function, it throws or rejects, answers with no text, or misses the deadline.
 *
 * @example
 * ```ts
 * await askForOverview(async () => 'Pets API.', context, 10_000); // 'Pets API.'
 * ```
 */
export async function askForOverview(
  describe: DescribeFunction | undefined,
  context: DescribeContext,
  timeoutMs: number,
): Promise<string | undefined> {
  if (!describe) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    const answer = await Promise.race([Promise.resolve().then(() => describe(context)), deadline]);
    return typeof answer === 'string' && answer.trim() !== '' ? answer.trim() : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An overview written from the spec alone: size, groups, deprecations, authentication and servers.
 *
 * @example
 * ```ts
 * composeOverview(facts); // 'Petstore (version 1.0.0, OpenAPI 3.0.3) has 3 operations in 1 group. …'
 * ```
 */
export function composeOverview(facts: OverviewFacts): string {
  const { context } = facts;
  const count = context.operations.length;
  const lines: string[] = [];
  const grouped = facts.groups.length === 1 ? '1 group' : `${facts.groups.length} groups`;
  lines.push(
    `${context.title} (version ${context.version}, ${facts.specLabel}) has ${plural(count, 'operation')}${count > 0 ? ` in ${grouped}` : ''}.`,
  );
  if (facts.groups.length > 0) {
    lines.push('');
    for (const group of facts.groups) lines.push(`- ${group.title}: ${plural(group.count, 'operation')}`);
  }
  const notes: string[] = [];
  if (facts.deprecatedCount > 0)
    notes.push(`${plural(facts.deprecatedCount, 'operation')} marked deprecated.`);
  if (facts.webhookCount > 0) notes.push(`${plural(facts.webhookCount, 'webhook')} described.`);
  if (facts.schemes.length > 0) {
    notes.push(
      `Authentication: ${facts.schemes.map((s) => `${toInlineCode(s.name)} (${s.kind})`).join(', ')}.`,
    );
  } else {
    notes.push('No authentication schemes are declared.');
  }
  if (facts.servers.length > 0) notes.push(`Servers: ${facts.servers.map(toInlineCode).join(', ')}.`);
  if (notes.length > 0) lines.push('', notes.join(' '));
  return lines.join('\n');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
