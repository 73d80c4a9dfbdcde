import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { CapabilityProvider } from '../capabilities/capability-types.js';
import { ServerError } from '../errors/server-error.js';
import { type TextBlock, toTextBlocks } from './html-text-blocks.js';
import {
  MAX_PDF_PAGES,
  PAGE_MARGIN_POINTS,
  PAPER_POINTS,
  type PdfRenderer,
  type PdfRenderOptions,
  type PdfRenderRequest,
} from './pdf-renderer.js';

/** Stands in for a character the standard fonts cannot print, so the loss shows. */
export const REPLACEMENT_MARK = '?';

const BODY_SIZE = 11;
const PRE_SIZE = 9;
const HEADING_SIZES = [22, 18, 15, 13, 12, 11] as const;
const INDENT_STEP = 18;
const MARKER_GAP = 14;
const LEADING = 1.35;
/** Characters dropped silently: they print nothing in a browser either. */
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/g;

interface Fonts {
  body: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  printable: Map<PDFFont, Set<number>>;
}

/** `text` with every character `font` cannot encode replaced by {@link REPLACEMENT_MARK}. */
function toPrintable(fonts: Fonts, font: PDFFont, text: string): string {
  const allowed = fonts.printable.get(font) as Set<number>;
  let out = '';
  for (const char of text.replace(INVISIBLE, '')) {
    const code = char.codePointAt(0) as number;
    out += char === '\n' || allowed.has(code) ? char : code === 0x09 ? ' ' : REPLACEMENT_MARK;
  }
  return out;
}

/** The width of text in `font` at `size`, glyph by glyph (the standard fonts have no kerning here), cached per character. */
function createMeasure(font: PDFFont, size: number): (text: string) => number {
  const widths = new Map<string, number>();
  return (text) => {
    let total = 0;
    for (const char of text) {
      let width = widths.get(char);
      if (width === undefined) {
        width = font.widthOfTextAtSize(char, size);
        widths.set(char, width);
      }
      total += width;
    }
    return total;
  };
}

/** `text` cut into pieces of at most `width` points, character by character (one character at least per piece). */
function cutToWidth(text: string, measure: (text: string) => number, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const char of text) {
    const add = measure(char);
    if (piece !== '' && used + add > width) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += char;
    used += add;
  }
  pieces.push(piece);
  return pieces;
}

/** Lines of at most `width` points: words wrapped, a word longer than a line cut by characters. */
function wrapLines(text: string, measure: (text: string) => number, width: number): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const word of paragraph.split(' ')) {
      if (word === '') continue;
      const wordWidth = measure(word);
      if (line !== '' && used + space + wordWidth <= width) {
        line += ` ${word}`;
        used += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      const pieces = wordWidth <= width ? [word] : cutToWidth(word, measure, width);
      lines.push(...pieces.slice(0, -1));
      line = pieces.at(-1) as string;
      used = measure(line);
    }
    lines.push(line);
  }
  return lines;
}

/** Lines of preformatted text: every space kept, a line longer than `width` cut by characters. */
function cutLines(text: string, measure: (text: string) => number, width: number): string[] {
  return text.split('\n').flatMap((line) => cutToWidth(line, measure, width));
}

/**
 * The `pdf-lib` provider of `pdf.render`: always available, in-process, no browser. It prints
 * the document's text — headings, paragraphs, lists, `<pre>`, line breaks, rules, image alt
 * text — in the standard PDF fonts (Helvetica, Courier), wrapped with their metrics; CSS,
 * images, tables and scripts are not rendered, and characters outside the fonts' Windows-1252
 * set print as `?`. Lower fidelity than `chromium`, said in its `note`.
 *
 * @example
 * const pdf = await createPdfLibRenderer().render({ html: '<h1>Hi</h1>', paper: 'a4' }, { signal, deadline });
 */
export function createPdfLibRenderer(): PdfRenderer {
  return {
    name: 'pdf-lib',
    describe(): CapabilityProvider {
      return {
        provider: 'pdf-lib',
        kind: 'built-in',
        available: true,
        note: 'lower fidelity: the text only (headings, paragraphs, lists, pre) in the standard PDF fonts; no CSS, images or tables; characters outside Windows-1252 print as "?"',
      };
    },
    async render(request, options) {
      const document = toTextBlocks(request.html);
      const pdf = await PDFDocument.create();
      const [body, bold, mono] = await Promise.all([
        pdf.embedFont(StandardFonts.Helvetica),
        pdf.embedFont(StandardFonts.HelveticaBold),
        pdf.embedFont(StandardFonts.Courier),
      ]);
      const fonts: Fonts = {
        body,
        bold,
        mono,
        printable: new Map([body, bold, mono].map((font) => [font, new Set(font.getCharacterSet())])),
      };
      layOut(pdf, fonts, document.blocks, request, options);
      if (document.title) pdf.setTitle(toPrintable(fonts, body, document.title));
      pdf.setCreator('svc pdf.render (pdf-lib)');
      return pdf.save();
    },
  };
}

function layOut(
  pdf: PDFDocument,
  fonts: Fonts,
  blocks: TextBlock[],
  request: PdfRenderRequest,
  { signal, deadline }: PdfRenderOptions,
): void {
  const paper = PAPER_POINTS[request.paper];
  const left = PAGE_MARGIN_POINTS;
  const right = paper.width - PAGE_MARGIN_POINTS;
  const measures = new Map<string, (text: string) => number>();
  const measureFor = (font: PDFFont, size: number) => {
    const key = `${font.name}@${size}`;
    let measure = measures.get(key);
    if (!measure) {
      measure = createMeasure(font, size);
      measures.set(key, measure);
    }
    return measure;
  };
  let page: PDFPage = pdf.addPage([paper.width, paper.height]);
  let y = paper.height - PAGE_MARGIN_POINTS;
  const room = (height: number): void => {
    if (y - height >= PAGE_MARGIN_POINTS) return;
    if (pdf.getPageCount() >= MAX_PDF_PAGES) {
      throw new ServerError('PDF_TOO_MANY_PAGES', `The document needs more than ${MAX_PDF_PAGES} pages.`, {
        details: { maxPages: MAX_PDF_PAGES },
      });
    }
    page = pdf.addPage([paper.width, paper.height]);
    y = paper.height - PAGE_MARGIN_POINTS;
  };
  const write = (text: string, font: PDFFont, size: number, x: number, gapAfter: number) => {
    const lineHeight = size * LEADING;
    const printable = toPrintable(fonts, font, text);
    const measure = measureFor(font, size);
    const lines =
      font === fonts.mono
        ? cutLines(printable, measure, right - x)
        : wrapLines(printable, measure, right - x);
    for (const line of lines) {
      room(lineHeight);
      y -= lineHeight;
      if (line !== '') page.drawText(line, { x, y: y + (lineHeight - size), size, font });
    }
    y -= gapAfter;
  };
  blocks.forEach((block, index) => {
    if (index % 64 === 0 && (signal.aborted || Date.now() > deadline)) {
      throw new ServerError(signal.aborted ? 'CAP_ABORTED' : 'CAP_TIMEOUT', 'The render was stopped.');
    }
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level - 1] as number;
        y -= index === 0 ? 0 : size * 0.5;
        write(block.text, fonts.bold, size, left, size * 0.35);
        break;
      }
      case 'paragraph':
        write(block.text, fonts.body, BODY_SIZE, left + block.indent * INDENT_STEP, BODY_SIZE * 0.55);
        break;
      case 'item': {
        const x = left + Math.max(0, block.indent - 1) * INDENT_STEP;
        room(BODY_SIZE * LEADING);
        page.drawText(toPrintable(fonts, fonts.body, block.marker), {
          x,
          y: y - BODY_SIZE * LEADING + (BODY_SIZE * LEADING - BODY_SIZE),
          size: BODY_SIZE,
          font: fonts.body,
        });
        write(
          block.text,
          fonts.body,
          BODY_SIZE,
          x + MARKER_GAP + (block.marker.length > 2 ? 6 : 0),
          BODY_SIZE * 0.25,
        );
        break;
      }
      case 'pre':
        write(block.text, fonts.mono, PRE_SIZE, left + block.indent * INDENT_STEP, BODY_SIZE * 0.55);
        break;
      case 'rule':
        room(BODY_SIZE);
        y -= BODY_SIZE / 2;
        page.drawLine({
          start: { x: left, y },
          end: { x: right, y },
          thickness: 0.75,
          color: rgb(0.6, 0.6, 0.6),
        });
        y -= BODY_SIZE / 2;
        break;
      default: {
        const unknown: never = block;
        throw new TypeError(`unknown block ${JSON.stringify(unknown)}`);
      }
    }
  });
}
