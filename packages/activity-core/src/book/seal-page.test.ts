import { PDFArray, PDFDocument, PDFRawStream, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sealPage } from './seal-page.js';

async function drawBook(seal: boolean): Promise<{ bytes: Uint8Array; contents: unknown[] }> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const contents: unknown[] = [];
  for (let n = 0; n < 3; n++) {
    const page = pdf.addPage([300, 400]);
    for (let i = 0; i < 200; i++) {
      page.drawLine({
        start: { x: i, y: 0 },
        end: { x: 300 - i, y: 400 },
        thickness: 0.5,
        color: rgb(0, 0, 0),
      });
    }
    page.drawText(`Page ${n + 1}`, { x: 20, y: 20, size: 12 });
    if (seal) expect(sealPage(pdf, page)).toBe(true);
    const streams = pdf.context.lookup(page.node.Contents());
    expect(streams).toBeInstanceOf(PDFArray);
    contents.push(...(streams as PDFArray).asArray().map((ref) => pdf.context.lookup(ref)));
  }
  return { bytes: await pdf.save({ useObjectStreams: true }), contents };
}

describe('sealPage', () => {
  it('writes the same PDF bytes as an open page while holding only deflated bytes', async () => {
    const open = await drawBook(false);
    const sealed = await drawBook(true);
    expect(Buffer.from(sealed.bytes).equals(Buffer.from(open.bytes))).toBe(true);
    for (const stream of sealed.contents) expect(stream).toBeInstanceOf(PDFRawStream);
    for (const stream of open.contents) expect(stream).not.toBeInstanceOf(PDFRawStream);
  });

  it('leaves a page without content alone, and a page drawn on after sealing stays valid', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([100, 100]);
    expect(sealPage(pdf, page)).toBe(false);
    page.drawText('first', { x: 10, y: 10, size: 10 });
    expect(sealPage(pdf, page)).toBe(true);
    page.drawText('second', { x: 10, y: 30, size: 10 });
    const reloaded = await PDFDocument.load(await pdf.save());
    expect(reloaded.getPageCount()).toBe(1);
  });
});
