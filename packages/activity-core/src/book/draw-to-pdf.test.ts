import { inflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDocument, PDFName, type PDFPage, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Drawing } from '../drawing/drawing.js';
import { loadDefaultFonts } from './default-font.js';
import { drawToPdf } from './draw-to-pdf.js';

async function drawOnPage(drawing: Drawing, scale = 1): Promise<string> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const files = await loadDefaultFonts();
  const fonts = {
    regular: await pdf.embedFont(files.regular, { subset: true }),
    bold: await pdf.embedFont(files.bold, { subset: true }),
  };
  const page = pdf.addPage([300, 300]);
  drawToPdf(page, drawing, { left: 10, top: 290, scale, fonts, largePrint: false });
  const loaded = await PDFDocument.load(await pdf.save());
  return readContent(loaded.getPage(0));
}

function readContent(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const array = page.doc.context.lookup(contents);
  const refs =
    contents instanceof PDFRef && !(array instanceof PDFArray)
      ? [contents]
      : array instanceof PDFArray
        ? array.asArray()
        : [];
  return refs
    .map((ref) => page.doc.context.lookup(ref))
    .map((stream) => (stream instanceof PDFRawStream ? inflateSync(stream.contents).toString('latin1') : ''))
    .join('\n');
}

describe('drawToPdf', () => {
  it('strokes a run of same-style lines as one path, in points, y flipped', async () => {
    const lines: Drawing = {
      width: 100,
      height: 100,
      items: Array.from({ length: 10 }, (_, i) => ({
        type: 'line' as const,
        x1: 0,
        y1: i * 10,
        x2: 100,
        y2: i * 10,
      })),
    };
    const content = await drawOnPage(lines);
    expect(content.match(/\bS\b/g)?.length).toBe(1);
    expect(content.match(/\bm\b/g)?.length).toBe(10);
    // 10 mm below the top edge is 28.35 pt lower; x = 10 pt + 100 mm.
    expect(content).toContain('10 261.65 m');
    expect(content).toContain('293.46 290 l');
  });

  it('starts a new path when the style changes and fills shapes apart from strokes', async () => {
    const mixed: Drawing = {
      width: 50,
      height: 50,
      items: [
        { type: 'line', x1: 0, y1: 0, x2: 10, y2: 0 },
        {
          type: 'polyline',
          points: [
            [0, 0],
            [10, 10],
            [20, 0],
          ],
          stroke: '#ff0000',
          round: true,
          strokeWidth: 1,
        },
        { type: 'rect', x: 0, y: 0, width: 10, height: 10, fill: '#cccccc' },
        { type: 'circle', cx: 5, cy: 5, r: 3, fill: '#000000', stroke: '#000000' },
      ],
    };
    const content = await drawOnPage(mixed);
    expect(content.match(/\bS\b/g)?.length).toBe(2);
    expect(content).toContain('1 0 0 RG');
    expect(content).toContain('1 J');
    expect(content).toMatch(/re\s+f\b/);
    expect(content).toMatch(/h\s+B\b/);
  });

  it('sets consecutive texts in one text object, centred and scaled', async () => {
    const texts: Drawing = {
      width: 50,
      height: 50,
      items: ['1', '2', '3'].map((text, i) => ({
        type: 'text' as const,
        x: 10 * i,
        y: 10,
        text,
        size: 20,
        align: 'middle' as const,
      })),
    };
    const content = await drawOnPage(texts, 0.5);
    expect(content.match(/\bBT\b/g)?.length).toBe(1);
    expect(content.match(/\bTj\b/g)?.length).toBe(3);
    expect(content).toMatch(/\/\S+ 10 Tf/);
  });
});
