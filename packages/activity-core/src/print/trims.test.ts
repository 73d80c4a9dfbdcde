import { describe, expect, it } from 'vitest';
import { isActivityError } from '../errors.js';
import { BLEED_MM, GUTTER_TABLE, getGutterMm } from './gutter.js';
import { readTrim, TRIM_NAMES, TRIMS } from './trims.js';

describe('trims', () => {
  it('have the published paper sizes in millimetres', () => {
    expect([TRIMS.A4.widthMm, TRIMS.A4.heightMm]).toEqual([210, 297]);
    expect([TRIMS.Letter.widthMm, TRIMS.Letter.heightMm]).toEqual([215.9, 279.4]);
    expect([TRIMS['8.5x11'].widthMm, TRIMS['8.5x11'].heightMm]).toEqual([215.9, 279.4]);
    expect([TRIMS['8x10'].widthMm, TRIMS['8x10'].heightMm]).toEqual([203.2, 254]);
    expect([TRIMS['6x9'].widthMm, TRIMS['6x9'].heightMm]).toEqual([152.4, 228.6]);
  });

  it('keep at least the print-on-demand minimum margin (0.375 in, safe with bleed)', () => {
    for (const name of TRIM_NAMES) {
      expect(TRIMS[name].name).toBe(name);
      expect(TRIMS[name].safeMarginMm).toBeGreaterThanOrEqual(9.525 - 1e-9);
    }
  });

  it('are read by name, and an unknown name is an ACT_INVALID_OPTIONS error', () => {
    expect(readTrim('6x9')).toBe(TRIMS['6x9']);
    for (const bad of ['a4', 'A5', '', 7, null, undefined, 'toString', '__proto__']) {
      let code: unknown;
      try {
        readTrim(bad);
      } catch (error) {
        code = isActivityError(error) ? error.code : error;
      }
      expect(code).toBe('ACT_INVALID_OPTIONS');
    }
  });
});

describe('inside margins by page count (KDP table)', () => {
  it('grow at 150, 300, 500 and 700 pages', () => {
    const inches = (pages: number) => Number((getGutterMm(pages) / 25.4).toFixed(4));
    expect([1, 24, 150].map(inches)).toEqual([0.375, 0.375, 0.375]);
    expect([151, 300].map(inches)).toEqual([0.5, 0.5]);
    expect([301, 500].map(inches)).toEqual([0.625, 0.625]);
    expect([501, 700].map(inches)).toEqual([0.75, 0.75]);
    expect([701, 828, 2000].map(inches)).toEqual([0.875, 0.875, 0.875]);
  });

  it('never shrink as a book gets thicker', () => {
    const values = GUTTER_TABLE.map((row) => row.insideMm);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  it('bleed is 0.125 in', () => {
    expect(BLEED_MM).toBeCloseTo(3.175, 9);
  });
});
