import { createHash } from 'node:crypto';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { isActivityError } from '../errors.js';
import { makeFakeDoc } from '../print/fake-kind.fixture.js';
import { buildBookPdf } from './build-book-pdf.js';
import { loadDefaultFonts } from './default-font.js';
import { sealPage } from './seal-page.js';

vi.mock('../kinds/registry.js', async () => (await import('../print/fake-kind.fixture.js')).fakeRegistry);
// The real sealPage, watched: the build must seal every page it finishes.
vi.mock('./seal-page.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./seal-page.js')>();
  return { sealPage: vi.fn(real.sealPage) };
});

const pages = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'fake-grid',
    doc: makeFakeDoc(4 + (i % 6), `page ${i}`),
  }));
const hash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function readBaseFonts(pdf: PDFDocument): string[] {
  const names = pdf.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFDict && object.get(PDFName.of('Subtype'))?.toString() === '/Type0'
        ? [object.get(PDFName.of('BaseFont'))?.toString().slice(1) ?? '']
        : [],
    );
  return [...new Set(names)].sort();
}

async function codeOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return isActivityError(error)
      ? { code: error.code, message: error.message, path: error.issues[0]?.path }
      : error;
  }
  throw new Error('expected an error');
}

describe('buildBookPdf', () => {
  it('gives byte-identical PDFs for the same input', async () => {
    const args = {
      title: 'Same book',
      author: 'A. Author',
      trim: '6x9',
      pages: pages(5),
      options: { watermark: 'PREVIEW', bleed: true },
    } as const;
    const first = await buildBookPdf(args);
    const second = await buildBookPdf(args);
    expect(hash(second)).toBe(hash(first));
    const loaded = await PDFDocument.load(first, { updateMetadata: false });
    expect([loaded.getCreationDate(), loaded.getModificationDate()]).toEqual([undefined, undefined]);
  });

  it('lays out a title page, one page per puzzle and the keys at the back', async () => {
    const bytes = await buildBookPdf({ title: 'Layout', trim: 'Letter', pages: pages(7) });
    const pdf = await PDFDocument.load(bytes);
    // 7 small keys fit six to a Letter page: two solutions pages.
    expect(pdf.getPageCount()).toBe(1 + 7 + 2);
    expect(pdf.getTitle()).toBe('Layout');
    const noKeys = await PDFDocument.load(
      await buildBookPdf({
        title: 'No keys',
        trim: 'Letter',
        pages: pages(7),
        options: { includeKeys: false },
      }),
    );
    expect(noKeys.getPageCount()).toBe(8);
  });

  it('seals every page once drawn and gives the event loop a turn after each page', async () => {
    const sealed = vi.mocked(sealPage);
    sealed.mockClear();
    let turns = 0;
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const bytes = await buildBookPdf({ title: 'Sealed', trim: 'Letter', pages: pages(30) });
    ticking = false;
    const pageCount = (await PDFDocument.load(bytes)).getPageCount();
    expect(pageCount).toBe(1 + 30 + 5);
    expect(sealed).toHaveBeenCalledTimes(pageCount);
    expect(sealed.mock.results.every((result) => result.value === true)).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(pageCount);
  });

  it('reports progress once per page, ending at the page count', async () => {
    const calls: [number, number][] = [];
    await buildBookPdf({
      title: 'Progress',
      trim: 'A4',
      pages: pages(3),
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls).toEqual([1, 2, 3, 4, 5].map((done) => [done, 5]));
  });

  it('grows the pages by 0.125 in on three sides with bleed, and marks the trim box', async () => {
    const pdf = await PDFDocument.load(
      await buildBookPdf({ title: 'Bleed', trim: '6x9', pages: pages(2), options: { bleed: true } }),
    );
    const [recto, verso] = [pdf.getPage(0), pdf.getPage(1)];
    expect(recto.getSize()).toEqual({ width: expect.closeTo(441, 3), height: expect.closeTo(666, 3) });
    expect(recto.getTrimBox()).toMatchObject({
      x: 0,
      y: expect.closeTo(9, 3),
      width: expect.closeTo(432, 3),
    });
    expect(verso.getTrimBox()).toMatchObject({ x: expect.closeTo(9, 3), y: expect.closeTo(9, 3) });
  });

  it('names the first invalid page by index', async () => {
    const bad = [...pages(3), { kind: 'fake-grid', doc: { size: 3 } }];
    expect(await codeOf(() => buildBookPdf({ title: 'Bad', trim: 'A4', pages: bad }))).toMatchObject({
      code: 'ACT_INVALID_PAGE',
      message: expect.stringContaining('/pages/3'),
      path: '/pages/3/doc/letters',
    });
    const unknown = [{ kind: 'nope', doc: {} }];
    expect(await codeOf(() => buildBookPdf({ title: 'Bad', trim: 'A4', pages: unknown }))).toMatchObject({
      code: 'ACT_UNKNOWN_KIND',
      path: '/pages/0/kind',
    });
  });

  it('refuses bad options with ACT_INVALID_OPTIONS', async () => {
    const base = { title: 'T', trim: 'A4', pages: pages(1) } as const;
    const bad = [
      { ...base, title: '' },
      { ...base, trim: 'A5' },
      { ...base, pages: [] },
      { ...base, options: { bleed: 'yes' } },
      { ...base, options: { watermark: 3 } },
      { ...base, font: 'DejaVu' },
      { ...base, font: new Uint8Array([1, 2, 3]) },
      { ...base, onProgress: 'bar' },
    ];
    for (const args of bad) {
      expect(
        await codeOf(() => buildBookPdf(args as never)),
        JSON.stringify(Object.keys(args)),
      ).toMatchObject({ code: 'ACT_INVALID_OPTIONS' });
    }
  });

  it('sets the book in the font bytes it is given', async () => {
    const { bold } = await loadDefaultFonts();
    const bytes = await buildBookPdf({ title: 'Bold only', trim: 'A4', pages: pages(1), font: bold });
    expect(readBaseFonts(await PDFDocument.load(bytes))).toEqual(['AAAAAA+DejaVuSans-Bold']);
  });
});
