import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import type { Drawing } from '../drawing/drawing.js';
import { ActivityError } from '../errors.js';
import { getGutterMm } from '../print/gutter.js';
import { type BookFormat, createBookFormat, getBodySizeMm, getPageFrame } from './book-layout.js';
import {
  drawFooter,
  drawHeader,
  drawInBody,
  drawKeys,
  drawTitlePage,
  drawWatermark,
  type PageContext,
} from './book-pages.js';
import { getKeyGrids, type PlannedPage, planBook } from './book-plan.js';
import { loadDefaultFonts } from './default-font.js';
import type { PdfFonts } from './pdf-text.js';
import { type BookRequest, type BuildBookArgs, readBookArgs } from './read-book-args.js';
import { sealPage } from './seal-page.js';

export type { BookPageInput, BuildBookArgs } from './read-book-args.js';

/**
 * Gives the event loop a turn. The build awaits it after every page it validates, outlines or
 * draws, so a server's in-process worker keeps serving requests (one page of 80×80 maze walls is
 * a few tens of milliseconds of drawing and deflating).
 */
function yieldToEventLoop(): Promise<void> {
  // setImmediate (Node) runs after pending I/O without setTimeout's 1 ms floor.
  return new Promise((resolve) =>
    typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0),
  );
}

/**
 * Embeds one font. A subset is named with a six-letter tag (`AAAAAA+DejaVuSans`), as the PDF
 * specification asks of subsets (ISO 32000-1, 9.6.4); tags are fixed so output stays deterministic.
 */
async function embedOne(pdf: PDFDocument, bytes: Uint8Array, args: { tag: string; whole: boolean }) {
  let name: string;
  try {
    name = fontkit.create(bytes).postscriptName || 'Font';
  } catch (error) {
    throw new ActivityError('ACT_INVALID_OPTIONS', 'The font could not be read as TrueType or OpenType.', {
      cause: error,
    });
  }
  const customName = args.whole ? name : `${args.tag}+${name}`;
  return pdf.embedFont(bytes, { subset: !args.whole, customName });
}

async function embedFonts(pdf: PDFDocument, request: BookRequest): Promise<PdfFonts> {
  // Only a book without `font` reads the Node-only defaults; a browser passes `font` (and `boldFont`).
  const defaults = request.font === undefined ? await loadDefaultFonts() : undefined;
  const regular = request.font ?? defaults?.regular;
  const bold = request.boldFont ?? request.font ?? defaults?.bold;
  if (!regular || !bold) throw new ActivityError('ACT_INVALID_OPTIONS', 'No font to set the book in.');
  const whole = request.embedWholeFont;
  const regularFont = await embedOne(pdf, regular, { tag: 'AAAAAA', whole });
  // One font given for both: embed it once.
  const boldFont = bold === regular ? regularFont : await embedOne(pdf, bold, { tag: 'AAAAAB', whole });
  return { regular: regularFont, bold: boldFont };
}

/**
 * What planning needs of a key: its size and its smallest and largest text. A key of an 80×80 maze
 * is thousands of items; a 400-page book keeps only these outlines and draws each key again when
 * its solutions page is drawn.
 */
function outlineKey(drawing: Drawing): Drawing {
  const texts = drawing.items.flatMap((item) => (item.type === 'text' && item.text !== '' ? [item] : []));
  const bySize = texts.sort((a, b) => a.size - b.size);
  const ends = bySize.length > 1 ? [bySize[0], bySize[bySize.length - 1]] : bySize;
  return {
    width: drawing.width,
    height: drawing.height,
    items: ends.flatMap((item) => (item ? [item] : [])),
  };
}

function drawKey(request: BookRequest, index: number): Drawing | undefined {
  const page = request.pages[index];
  return page?.kind.draw(page.doc, { key: true, largePrint: request.largePrint });
}

async function outlineKeys(request: BookRequest): Promise<Drawing[]> {
  const outlines: Drawing[] = [];
  for (let index = 0; index < request.pages.length; index++) {
    outlines.push(outlineKey(drawKey(request, index) ?? { width: 0, height: 0, items: [] }));
    await yieldToEventLoop();
  }
  return outlines;
}

/** Plans the book and settles the inside margin: more pages can need a wider gutter. */
function layoutBook(
  request: BookRequest,
  keys: readonly Drawing[] | undefined,
): { format: BookFormat; plan: PlannedPage[] } {
  const base = {
    trim: request.trim,
    bleed: request.bleed,
    largePrint: request.largePrint,
    watermark: request.watermark,
  };
  const count = request.pages.length;
  const slots = (() => {
    const densest = getKeyGrids(createBookFormat({ ...base, pageCount: 1 }))[0];
    return densest ? densest.columns * densest.rows : 1;
  })();
  // The fewest pages the book can have; a wider gutter only ever adds pages, so this converges.
  let pageCount = 1 + count + (keys ? Math.ceil(count / slots) : 0);
  for (;;) {
    const format = createBookFormat({ ...base, pageCount });
    const plan = planBook({ format, puzzleCount: count, keys });
    if (getGutterMm(plan.length) <= getGutterMm(pageCount)) return { format, plan };
    pageCount = plan.length;
  }
}

function describeContents(request: BookRequest): string {
  const count = request.pages.length;
  const puzzles = `${count} ${count === 1 ? 'puzzle' : 'puzzles'}`;
  return request.includeKeys ? `${puzzles} · solutions at the back` : puzzles;
}

function describeKeys(slots: readonly { index: number }[]): string {
  const first = (slots[0]?.index ?? 0) + 1;
  const last = (slots[slots.length - 1]?.index ?? 0) + 1;
  return first === last ? `Puzzle ${first}` : `Puzzles ${first}–${last}`;
}

function drawPlannedPage(ctx: PageContext, planned: PlannedPage, request: BookRequest): void {
  switch (planned.type) {
    case 'title':
      drawTitlePage(ctx, {
        title: request.title,
        subtitle: request.subtitle,
        author: request.author,
        contents: describeContents(request),
      });
      return;
    case 'puzzle': {
      const { kind, doc, title } = request.pages[planned.index] ?? {};
      if (!kind || !doc) return;
      drawHeader(ctx, {
        lead: `Puzzle ${planned.index + 1}`,
        title: title ?? kind.title,
        note: kind.difficulty(doc),
      });
      const body = getBodySizeMm(ctx.format);
      drawInBody(ctx, kind.draw(doc, { key: false, largePrint: request.largePrint }), {
        x: 0,
        y: 0,
        ...body,
      });
      return;
    }
    case 'keys':
      drawHeader(ctx, { lead: 'Solutions', note: describeKeys(planned.slots) });
      drawKeys(
        ctx,
        planned.slots.flatMap((slot) => {
          const drawing = drawKey(request, slot.index);
          return drawing ? [{ ...slot, drawing }] : [];
        }),
      );
      return;
    default:
      void (planned satisfies never);
  }
}

/**
 * Builds a print-ready book PDF with pdf-lib: a title page, one puzzle per page with its number
 * and difficulty, the answer keys grouped at the back and numbered to match, page numbers inside
 * the safe area, inside margins mirrored recto/verso and widened by page count, optional bleed,
 * and an embedded TrueType font (DejaVu Sans by default). Every page is validated first; the same
 * input always gives byte-identical output.
 *
 * Memory is bounded page by page: each page's drawing is dropped and its content stream deflated
 * as soon as the page is done ({@link sealPage}), answer keys are kept as outlines and drawn again
 * on their solutions page, and the build yields to the event loop after every page. What grows
 * with the book is its compressed output (the worst legal book — 400 large-print 80×80 mazes with
 * keys and bleed — is about 18 MB).
 *
 * @example
 * const pages = ['a', 'b'].map((seed) => generatePage({ kind: 'sudoku', seed }));
 * const pdf = await buildBookPdf({ title: 'Sudoku for the train', trim: '6x9', pages });
 * await writeFile('book.pdf', pdf);
 */
export async function buildBookPdf(args: BuildBookArgs): Promise<Uint8Array> {
  const request = await readBookArgs(args, yieldToEventLoop);
  const keys = request.includeKeys ? await outlineKeys(request) : undefined;
  const { format, plan } = layoutBook(request, keys);
  // No creation or modification dates: the same book is the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const fonts = await embedFonts(pdf, request);
  pdf.setTitle(request.title);
  if (request.author) pdf.setAuthor(request.author);
  if (request.subtitle) pdf.setSubject(request.subtitle);
  pdf.setCreator('@svc/activity-core');
  pdf.setProducer('pdf-lib');
  for (let i = 0; i < plan.length; i++) {
    const planned = plan[i];
    if (!planned) continue;
    const frame = getPageFrame(format, i + 1);
    const page = pdf.addPage([frame.width, frame.height]);
    if (format.bleed) {
      page.setBleedBox(0, 0, frame.width, frame.height);
      page.setTrimBox(frame.trimBox.x, frame.trimBox.y, frame.trimBox.width, frame.trimBox.height);
    }
    const ctx: PageContext = { page, frame, format, fonts };
    drawPlannedPage(ctx, planned, request);
    drawFooter(ctx, planned.type === 'title' ? undefined : i + 1);
    drawWatermark(ctx);
    // Memory stays bounded by the finished pages' compressed bytes, not their operators.
    sealPage(pdf, page);
    request.onProgress?.(i + 1, plan.length);
    await yieldToEventLoop();
  }
  return pdf.save({ useObjectStreams: true });
}
