import { beforeAll, describe, expect, it } from 'vitest';
import { generatePage } from '../generate-page.js';
import { KINDS } from '../kinds/registry.js';
import { TRIMS } from '../print/trims.js';
import { countInk } from '../testing/png-ink.js';
import { readPdfFonts, readPdfInfo, renderPdfPage, requireTool } from '../testing/poppler.js';
import { buildBookPdf } from './build-book-pdf.js';

const PT_PER_MM = 72 / 25.4;
const STANDARD_14 = /^(Times|Helvetica|Courier|Symbol|ZapfDingbats)/;

// Two pages of every kind: the book covers every drawer, puzzle and key.
const pages = KINDS.flatMap((kind) =>
  [1, 2].map((n) => generatePage({ kind: kind.name, seed: `book-${kind.name}-${n}` })),
);

beforeAll(() => {
  for (const tool of ['/usr/bin/pdfinfo', '/usr/bin/pdffonts', '/usr/bin/pdftoppm']) requireTool(tool);
});

describe('book PDFs checked with poppler-utils', () => {
  it('has the designed page count and page size, with every font embedded', async () => {
    let total = 0;
    const bytes = await buildBookPdf({
      title: 'Every kind',
      trim: '8.5x11',
      pages,
      onProgress: (_, pageCount) => (total = pageCount),
    });
    const info = readPdfInfo(bytes);
    expect(info.pages).toBe(total);
    expect(info.pages).toBeGreaterThanOrEqual(1 + pages.length + Math.ceil(pages.length / 6));
    for (const size of info.sizes) expect(size).toEqual({ width: 612, height: 792 });
    const fonts = readPdfFonts(bytes);
    expect(fonts.map((font) => font.name).sort()).toEqual(['AAAAAA+DejaVuSans', 'AAAAAB+DejaVuSans-Bold']);
    for (const font of fonts) {
      expect(font, font.name).toMatchObject({ embedded: true, subset: true });
      expect(font.name.replace(/^[A-Z]{6}\+/, '')).not.toMatch(STANDARD_14);
    }
  });

  it('embeds the whole font files when asked', async () => {
    const subset = await buildBookPdf({ title: 'Subset', trim: 'A4', pages: pages.slice(0, 2) });
    const whole = await buildBookPdf({
      title: 'Whole',
      trim: 'A4',
      pages: pages.slice(0, 2),
      options: { embedWholeFont: true },
    });
    expect(readPdfFonts(whole).sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      expect.objectContaining({ name: 'DejaVuSans', embedded: true, subset: false }),
      expect.objectContaining({ name: 'DejaVuSans-Bold', embedded: true, subset: false }),
    ]);
    expect(whole.length - subset.length).toBeGreaterThan(600_000);
  });

  it('grows every page by the bleed: 0.125 in wide and 0.25 in tall', async () => {
    for (const trim of ['6x9', '8x10'] as const) {
      const bytes = await buildBookPdf({
        title: 'Bleed',
        trim,
        pages: pages.slice(0, 4),
        options: { bleed: true },
      });
      const info = readPdfInfo(bytes);
      const width = (TRIMS[trim].widthMm + 3.175) * PT_PER_MM;
      const height = (TRIMS[trim].heightMm + 6.35) * PT_PER_MM;
      expect(info.sizes.length).toBe(info.pages);
      for (const size of info.sizes) {
        expect(size.width).toBeCloseTo(width, 1);
        expect(size.height).toBeCloseTo(height, 1);
      }
      expect(info.text).toMatch(/TrimBox:/);
    }
  });

  it('renders every page non-blank with pdftoppm', async () => {
    const bytes = await buildBookPdf({
      title: 'Ink',
      trim: '6x9',
      pages,
      options: { largePrint: true, watermark: 'PREVIEW' },
    });
    const { pages: count } = readPdfInfo(bytes);
    for (let page = 1; page <= count; page++) {
      const png = countInk(renderPdfPage(bytes, page, 30));
      expect(Math.abs(png.width - 6 * 30)).toBeLessThanOrEqual(1);
      expect(png.ink, `page ${page}`).toBeGreaterThan(page === 1 ? 300 : 1000);
    }
  });
});
