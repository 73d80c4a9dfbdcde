import { describe, expect, it } from 'vitest';
import { generatePage } from '../generate-page.js';
import { KINDS } from '../kinds/registry.js';
import { printPage } from './print-page.js';
import { TRIM_NAMES, TRIMS } from './trims.js';

const PT_PER_MM = 72 / 25.4;

/** Printed sizes in points of every text of the page's SVG. */
function readPrintedTextSizes(html: string): number[] {
  const svg = /<svg [^>]*width="([\d.]+)mm"[^>]*viewBox="0 0 ([\d.]+) /.exec(html);
  const scale = Number(svg?.[1]) / Number(svg?.[2]);
  return [...html.matchAll(/<text [^>]*font-size="([\d.]+)"/g)].map((m) => Number(m[1]) * scale * PT_PER_MM);
}

describe.each(KINDS.map((kind) => kind.name))('printing real %s pages', (kind) => {
  const page = generatePage({ kind, seed: `print-${kind}` });

  it('prints the puzzle and the key on every trim, inside the safe area', () => {
    for (const trim of TRIM_NAMES) {
      for (const key of [false, true]) {
        const { html } = printPage({ kind, doc: page.doc, trim, key });
        expect(html.match(/<svg /g)?.length).toBe(1);
        const width = Number(/<svg [^>]*width="([\d.]+)mm"/.exec(html)?.[1]);
        expect(width).toBeLessThanOrEqual(TRIMS[trim].widthMm - 2 * TRIMS[trim].safeMarginMm + 0.001);
      }
    }
  });

  it('keeps its largest text at 18 pt or more in large print, on every trim', () => {
    for (const trim of TRIM_NAMES) {
      const sizes = readPrintedTextSizes(printPage({ kind, doc: page.doc, trim, largePrint: true }).html);
      if (sizes.length > 0)
        expect(Math.max(...sizes), `${kind} on ${trim}`).toBeGreaterThanOrEqual(18 - 0.01);
    }
  });
});
