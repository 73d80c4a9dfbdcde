import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRuleTable, TABLE_END, TABLE_START } from '../../../test/rule-table.js';
import { RULES } from './rule-catalogue.js';

const DOCS = new URL('../../../../../docs/spec-toolkit/rules.md', import.meta.url);

describe('docs/spec-toolkit/rules.md', () => {
  it('holds the table generated from the rule catalogue, so the two cannot drift', () => {
    const text = readFileSync(DOCS, 'utf8');
    const start = text.indexOf(TABLE_START);
    const end = text.indexOf(TABLE_END);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const table = renderRuleTable(RULES);
    const current = text.slice(start + TABLE_START.length, end).trim();
    if (process.env.UPDATE_RULES_DOC === '1' && current !== table) {
      writeFileSync(DOCS, `${text.slice(0, start + TABLE_START.length)}\n${table}\n${text.slice(end)}`);
      return;
    }
    expect(current).toBe(table);
  });
});
