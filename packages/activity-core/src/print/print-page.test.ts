import { describe, expect, it, vi } from 'vitest';
import { isActivityError } from '../errors.js';
import { makeFakeDoc } from './fake-kind.fixture.js';
import { printPage } from './print-page.js';
import { TRIM_NAMES, TRIMS } from './trims.js';

vi.mock('../kinds/registry.js', async () => (await import('./fake-kind.fixture.js')).fakeRegistry);

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('printPage', () => {
  it('sizes the CSS page to every trim, with its safe margin', () => {
    for (const name of TRIM_NAMES) {
      const trim = TRIMS[name];
      const result = printPage({ kind: 'fake-grid', doc: makeFakeDoc(5, 'x'), trim: name });
      expect(result).toMatchObject({ trim: name, widthMm: trim.widthMm, heightMm: trim.heightMm });
      expect(result.html).toContain(
        `@page{size:${Number(trim.widthMm.toFixed(3))}mm ${Number(trim.heightMm.toFixed(3))}mm;margin:${Number(trim.safeMarginMm.toFixed(3))}mm}`,
      );
    }
  });

  it('is standalone: inline SVG, no scripts, no external assets', () => {
    const { html } = printPage({
      kind: 'fake-grid',
      doc: makeFakeDoc(5, 'x'),
      trim: 'A4',
      watermark: 'SAMPLE',
    });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).not.toMatch(/<script|<link|<img|<iframe|url\(|@import|src=|href=/i);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
  });

  it('escapes every text: the label, the title and the watermark', () => {
    const evil = '<script>alert("x")</script> & \'q\'';
    const { html } = printPage({
      kind: 'fake-grid',
      doc: makeFakeDoc(3, evil),
      trim: 'A4',
      title: evil,
      watermark: evil,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
  });

  it('shows a watermark (diagonal mark and footer line) only when asked', () => {
    const marked = printPage({
      kind: 'fake-grid',
      doc: makeFakeDoc(4, 'x'),
      trim: 'Letter',
      watermark: 'Preview — join to remove',
    });
    expect(marked.html).toContain('class="watermark"');
    expect(marked.html).toContain('<footer class="mark">Preview — join to remove</footer>');
    expect(marked.html).toMatch(/transform:rotate\(-\d+(\.\d+)?deg\)/);
    const clean = printPage({ kind: 'fake-grid', doc: makeFakeDoc(4, 'x'), trim: 'Letter' });
    expect(clean.html).not.toContain('class="watermark"');
    expect(clean.html).not.toContain('<footer');
  });

  it('prints the solution with key: true and says so in the header', () => {
    const doc = makeFakeDoc(4, 'x');
    const puzzle = printPage({ kind: 'fake-grid', doc, trim: 'A4', number: 7 }).html;
    const key = printPage({ kind: 'fake-grid', doc, trim: 'A4', key: true, number: 7 }).html;
    expect(puzzle).toContain('<p>No. 7 · easy</p>');
    expect(key).toContain('<p>No. 7 · easy · Answer key</p>');
    expect(key).toContain('<polyline');
    expect(puzzle).not.toContain('<polyline');
    expect((key.match(/<text /g) ?? []).length).toBeGreaterThan((puzzle.match(/<text /g) ?? []).length);
  });

  it('never enlarges a drawing and shrinks a wide one into the safe area', () => {
    const small = printPage({ kind: 'fake-grid', doc: makeFakeDoc(3, 'x'), trim: 'A4' }).html;
    expect(small).toContain('width="60mm" height="44mm" viewBox="0 0 60 44"');
    const big = printPage({ kind: 'fake-grid', doc: makeFakeDoc(30, 'x'), trim: '6x9' }).html;
    const width = Number(/<svg [^>]*width="([\d.]+)mm"/.exec(big)?.[1]);
    expect(width).toBeLessThanOrEqual(TRIMS['6x9'].widthMm - 2 * TRIMS['6x9'].safeMarginMm + 1e-9);
    expect(width).toBeGreaterThan(100);
  });

  it('keeps large-print grid text at 18 pt or more even when the drawing shrinks', () => {
    const { html } = printPage({
      kind: 'fake-grid',
      doc: makeFakeDoc(30, 'x'),
      trim: '6x9',
      largePrint: true,
    });
    const scale = Number(/<svg [^>]*width="([\d.]+)mm"/.exec(html)?.[1]) / (30 * 14);
    expect(scale).toBeLessThan(0.5);
    const gridText = /<text [^>]*font-size="([\d.]+)"[^>]*text-anchor="middle"/.exec(html);
    const printedPt = ((Number(gridText?.[1]) * scale) / 25.4) * 72;
    expect(printedPt).toBeGreaterThanOrEqual(18 - 0.01);
  });

  it('refuses an invalid doc with ACT_INVALID_PAGE and its issues', () => {
    const error = catchError(() =>
      printPage({ kind: 'fake-grid', doc: { size: 3, letters: [] }, trim: 'A4' }),
    );
    expect(isActivityError(error) && error.code).toBe('ACT_INVALID_PAGE');
    expect(isActivityError(error) && error.issues[0]?.path).toBe('/doc/letters');
    const garbage = catchError(() => printPage({ kind: 'fake-grid', doc: 'nonsense', trim: 'A4' }));
    expect(isActivityError(garbage) && garbage.code).toBe('ACT_INVALID_PAGE');
  });

  it('refuses an unknown kind, trim or option with a stable code', () => {
    const doc = makeFakeDoc(3, 'x');
    const codeOf = (run: () => unknown) => {
      const error = catchError(run);
      return isActivityError(error) ? error.code : error;
    };
    expect(codeOf(() => printPage({ kind: 'nope', doc, trim: 'A4' }))).toBe('ACT_UNKNOWN_KIND');
    expect(codeOf(() => printPage({ kind: 'fake-grid', doc, trim: 'A5' as never }))).toBe(
      'ACT_INVALID_OPTIONS',
    );
    expect(codeOf(() => printPage({ kind: 'fake-grid', doc, trim: 'A4', key: 'yes' as never }))).toBe(
      'ACT_INVALID_OPTIONS',
    );
    expect(codeOf(() => printPage({ kind: 'fake-grid', doc, trim: 'A4', watermark: '' }))).toBe(
      'ACT_INVALID_OPTIONS',
    );
    expect(codeOf(() => printPage({ kind: 'fake-grid', doc, trim: 'A4', number: 0 }))).toBe(
      'ACT_INVALID_OPTIONS',
    );
    expect(codeOf(() => printPage(null as never))).toBe('ACT_INVALID_OPTIONS');
  });

  it('prints the same HTML for the same page', () => {
    const args = { kind: 'fake-grid', doc: makeFakeDoc(6, 'same'), trim: '8x10', watermark: 'w' } as const;
    expect(printPage(args).html).toBe(printPage(args).html);
  });
});
