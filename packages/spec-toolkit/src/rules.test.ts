import { describe, expect, it } from 'vitest';
import { findClosestRuleId, listRuleIds, listValidateRules } from './rules.js';

describe('rule ids', () => {
  it('lists validate rules, reading codes and diff change ids', () => {
    const ids = listRuleIds();
    expect(ids).toContain('SPEC_PATH_IDENTICAL');
    expect(ids).toContain('SPEC_DUPLICATE_KEY');
    expect(ids).toContain('operation-removed');
    expect(listValidateRules().find((rule) => rule.id === 'SPEC_PATH_IDENTICAL')?.redocly).toBe(
      'no-identical-paths',
    );
  });

  it('finds the nearest id to a misspelt one', () => {
    expect(findClosestRuleId('SPEC_PATH_IDENTICLA')).toBe('SPEC_PATH_IDENTICAL');
    expect(findClosestRuleId('spec_style_no_servers')).toBe('SPEC_STYLE_NO_SERVERS');
    expect(findClosestRuleId('operation-remove')).toBe('operation-removed');
    expect(listRuleIds()).toContain(findClosestRuleId('SPEC_STYLE_NOPE'));
  });
});
