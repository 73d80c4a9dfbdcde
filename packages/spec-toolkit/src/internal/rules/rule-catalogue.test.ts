import { describe, expect, it } from 'vitest';
import { QUIET_CASES, RULE_CASES } from '../../../test/rule-cases.js';
import { validate } from '../../validate.js';
import { RULES } from './rule-catalogue.js';

const findings = (spec: Record<string, unknown>, strict: boolean) => {
  const result = validate({ spec: structuredClone(spec), options: { strict } });
  return [...result.errors, ...result.warnings];
};

describe('the rule catalogue', () => {
  it('has one failing example and a passing neighbour for every rule, and no case for an unknown rule', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(RULE_CASES.map((entry) => entry.id).sort()).toEqual([...ids].sort());
  });

  it.each(RULE_CASES)(
    '$id: reported for the mistake, at its catalogue level, not for the fix',
    ({ id, bad, good, strict }) => {
      const rule = RULES.find((entry) => entry.id === id);
      const reported = findings(bad, strict === true).filter((finding) => finding.code === id);
      expect(reported.length).toBeGreaterThan(0);
      const result = validate({ spec: structuredClone(bad), options: { strict: strict === true } });
      const list = rule?.level === 'error' ? result.errors : result.warnings;
      expect(list.some((finding) => finding.code === id)).toBe(true);
      expect(findings(good, strict === true).filter((finding) => finding.code === id)).toEqual([]);
    },
  );

  it('reports style rules only with strict', () => {
    for (const entry of RULE_CASES.filter((candidate) => candidate.strict === true)) {
      expect(findings(entry.bad, false).some((finding) => finding.code === entry.id)).toBe(false);
    }
  });

  it('says what to change: every finding of a new rule points somewhere and names a fix', () => {
    for (const entry of RULE_CASES) {
      for (const finding of findings(entry.bad, entry.strict === true).filter((f) => f.code === entry.id)) {
        expect(typeof finding.path).toBe('string');
        expect(finding.message.length).toBeGreaterThan(10);
      }
    }
  });

  it.each(QUIET_CASES)('stays quiet when $name', ({ spec }) => {
    expect(findings(spec, true).filter((finding) => !finding.code.startsWith('SPEC_STYLE_'))).toEqual([]);
  });
});
