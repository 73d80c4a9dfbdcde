import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isServerError } from '../errors/server-error.js';
import { createPdfLibRenderer } from './pdf-lib-renderer.js';
import { MAX_PDF_PAGES, PAPER_POINTS } from './pdf-renderer.js';

const renderer = createPdfLibRenderer();
const open = () => ({ signal: new AbortController().signal, deadline: Date.now() + 60_000 });

async function pagesOf(pdf: Uint8Array): Promise<{ count: number; size: { width: number; height: number } }> {
  const document = await PDFDocument.load(pdf);
  return { count: document.getPageCount(), size: document.getPage(0).getSize() };
}

describe('the pdf-lib provider', () => {
  it('is always available and says it is the lower-fidelity one', () => {
    expect(renderer.describe()).toMatchObject({ provider: 'pdf-lib', kind: 'built-in', available: true });
    expect(renderer.describe().note).toContain('lower fidelity');
  });

  it('prints on A4 or Letter and breaks pages as the text needs', async () => {
    const short = await pagesOf(
      await renderer.render({ html: '<h1>One page</h1>', paper: 'letter' }, open()),
    );
    expect(short).toEqual({ count: 1, size: { width: 612, height: 792 } });
    const html =
      `<h1>Long</h1>${'<p>A paragraph of some words that wraps once or twice on the page. '.repeat(3)}</p>`.repeat(
        80,
      );
    const long = await pagesOf(await renderer.render({ html, paper: 'a4' }, open()));
    expect(long.count).toBeGreaterThan(3);
    expect(long.size.width).toBeCloseTo(PAPER_POINTS.a4.width, 3);
  });

  it('prints an empty document as one blank page, and a word longer than a line across lines', async () => {
    expect((await pagesOf(await renderer.render({ html: '<p> </p>', paper: 'a4' }, open()))).count).toBe(1);
    const word = await pagesOf(
      await renderer.render({ html: `<p>${'x'.repeat(20_000)}</p>`, paper: 'a4' }, open()),
    );
    expect(word.count).toBeGreaterThan(1);
  });

  it(`refuses a document of more than ${MAX_PDF_PAGES} pages with PDF_TOO_MANY_PAGES`, async () => {
    const html = `<pre>${'line\n'.repeat(70 * (MAX_PDF_PAGES + 1))}</pre>`;
    const refused = await renderer.render({ html, paper: 'a4' }, open()).catch((error: unknown) => error);
    expect(isServerError(refused) && refused.code).toBe('PDF_TOO_MANY_PAGES');
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    controller.abort();
    const stopped = await renderer
      .render({ html: '<p>x</p>', paper: 'a4' }, { signal: controller.signal, deadline: Date.now() + 60_000 })
      .catch((error: unknown) => error);
    expect(isServerError(stopped) && stopped.code).toBe('CAP_ABORTED');
  });
});
