import type { RuleInfo } from '../src/internal/rules/rule-catalogue.js';

/** The markers around the generated table in docs/spec-toolkit/rules.md. */
export const TABLE_START =
  '<!-- rule-table:start (generated from the catalogue; UPDATE_RULES_DOC=1 rewrites it) -->';
export const TABLE_END = '<!-- rule-table:end -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');
const code = (id: string | null): string => (id === null ? '—' : `\`${id}\``);

/** Renders the catalogue as the docs table: one row per rule, in catalogue order. */
export function renderRuleTable(rules: readonly RuleInfo[]): string {
  const rows = rules.map(
    (rule) =>
      `| \`${rule.id}\` | ${code(rule.redocly)} | ${code(rule.spectral)} | ${rule.level}${rule.strict ? ' (strict)' : ''} | ${cell(rule.summary)} | ${cell(rule.example)} |`,
  );
  return [
    '| our rule | Redocly (`recommended`) | Spectral (`spectral:oas`) | default level | checks | example finding |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
