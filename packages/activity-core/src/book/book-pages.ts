import { degrees, type PDFPage, rgb } from 'pdf-lib';
import type { Drawing, DrawingItem } from '../drawing/drawing.js';
import { fitDrawing, MM_PER_PT } from '../print/fit-drawing.js';
import { BAND_MM, type BookFormat, getHeaderMm, type PageFrame } from './book-layout.js';
import { KEY_LABEL_MM, type KeySlot } from './book-plan.js';
import { drawToPdf, PT_PER_MM } from './draw-to-pdf.js';
import { measureText, type PdfFonts, truncateText, wrapText } from './pdf-text.js';

/** What every page drawer needs. */
export interface PageContext {
  page: PDFPage;
  frame: PageFrame;
  format: BookFormat;
  fonts: PdfFonts;
}

const safeWidthMm = (ctx: PageContext) => ctx.frame.safe.width / PT_PER_MM;
const safeHeightMm = (ctx: PageContext) => ctx.frame.safe.height / PT_PER_MM;

/** Draws furniture given in mm from the safe area's top-left corner, at 1:1. */
function drawInSafeArea(ctx: PageContext, items: DrawingItem[]): void {
  const { safe } = ctx.frame;
  const drawing: Drawing = { width: safeWidthMm(ctx), height: safeHeightMm(ctx), items };
  drawToPdf(ctx.page, drawing, {
    left: safe.x,
    top: safe.y + safe.height,
    scale: 1,
    fonts: ctx.fonts,
    largePrint: ctx.format.largePrint,
  });
}

/**
 * The header band: a bold lead ("Puzzle 7"), a lighter title after it, a right-hand note
 * (difficulty) and a rule under them.
 *
 * @example
 * drawHeader(ctx, { lead: 'Puzzle 7', title: 'Farm animals', note: 'easy' });
 */
export function drawHeader(ctx: PageContext, parts: { lead: string; title?: string; note?: string }): void {
  const large = ctx.format.largePrint;
  const band = large ? BAND_MM.header.large : BAND_MM.header.normal;
  const leadSize = large ? 20 : 14;
  const size = large ? 15 : 11;
  const width = safeWidthMm(ctx);
  const y = band * 0.55;
  const leadMm = measureText(ctx.fonts, { text: parts.lead, size: leadSize, bold: true }) * MM_PER_PT;
  const noteMm = parts.note ? measureText(ctx.fonts, { text: parts.note, size, bold: false }) * MM_PER_PT : 0;
  const items: DrawingItem[] = [
    { type: 'text', x: 0, y, text: parts.lead, size: leadSize, bold: true },
    { type: 'line', x1: 0, y1: band, x2: width, y2: band, strokeWidth: 0.3 },
  ];
  if (parts.title) {
    const room = (width - leadMm - noteMm - 8) / MM_PER_PT;
    const title = truncateText(ctx.fonts, { text: parts.title, size, bold: false }, Math.max(room, 0));
    items.push({ type: 'text', x: leadMm + 3, y, text: title, size, fill: '#333333' });
  }
  if (parts.note) items.push({ type: 'text', x: width, y, text: parts.note, size, align: 'end' });
  drawInSafeArea(ctx, items);
}

/**
 * The page number centred at the foot of the safe area, and the watermark line above it; on the
 * title page only the watermark line.
 *
 * @example
 * drawFooter(ctx, 12); // "12" centred under the body
 */
export function drawFooter(ctx: PageContext, pageNumber: number | undefined): void {
  const height = safeHeightMm(ctx);
  const width = safeWidthMm(ctx);
  const items: DrawingItem[] = [];
  if (pageNumber !== undefined) {
    items.push({
      type: 'text',
      x: width / 2,
      y: height - BAND_MM.pageNumber / 2,
      text: String(pageNumber),
      size: ctx.format.largePrint ? 14 : 9,
      align: 'middle',
    });
  }
  const mark = ctx.format.watermark;
  if (mark !== undefined) {
    const y = height - BAND_MM.pageNumber - BAND_MM.watermarkLine / 2;
    items.push({
      type: 'line',
      x1: 0,
      y1: y - BAND_MM.watermarkLine / 2,
      x2: width,
      y2: y - BAND_MM.watermarkLine / 2,
      stroke: '#999999',
      strokeWidth: 0.2,
    });
    items.push({ type: 'text', x: width / 2, y, text: mark, size: 8, align: 'middle', fill: '#444444' });
  }
  if (items.length > 0) drawInSafeArea(ctx, items);
}

/** The diagonal watermark across the trim, light grey and translucent, over everything else. *
 * @example
 * drawWatermark(ctx); // no-op without a watermark
 */
export function drawWatermark(ctx: PageContext): void {
  const text = ctx.format.watermark;
  if (text === undefined) return;
  const box = ctx.frame.trimBox;
  const angle = Math.atan2(box.height, box.width);
  const unitWidth = measureText(ctx.fonts, { text, size: 1, bold: true });
  const size = Math.min(
    (0.75 * Math.hypot(box.width, box.height)) / Math.max(unitWidth, 1e-3),
    box.height / 6,
  );
  const width = unitWidth * size;
  const capHalf = size * 0.36;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  ctx.page.drawText(text, {
    x: cx - (width / 2) * Math.cos(angle) + capHalf * Math.sin(angle),
    y: cy - (width / 2) * Math.sin(angle) - capHalf * Math.cos(angle),
    size,
    font: ctx.fonts.bold,
    rotate: degrees((angle * 180) / Math.PI),
    color: rgb(0, 0, 0),
    opacity: 0.15,
  });
}

/** A drawing scaled into a box (mm from the body's top-left), centred across, top-aligned. *
 * @example
 * drawInBody(ctx, drawing, { x: 0, y: 0, ...getBodySizeMm(ctx.format) });
 */
export function drawInBody(
  ctx: PageContext,
  drawing: Drawing,
  box: { x: number; y: number; width: number; height: number },
): void {
  const scale = fitDrawing(drawing, box);
  const x = box.x + (box.width - drawing.width * scale) / 2;
  const y = getHeaderMm(ctx.format) + box.y;
  const { safe } = ctx.frame;
  drawToPdf(ctx.page, drawing, {
    left: safe.x + x * PT_PER_MM,
    top: safe.y + safe.height - y * PT_PER_MM,
    scale,
    fonts: ctx.fonts,
    largePrint: ctx.format.largePrint,
  });
}

/** The keys of one solutions page, each under its "Solution 7" label. *
 * @example
 * drawKeys(ctx, [{ index: 6, x: 0, y: 0, width: 90, height: 70, drawing: key }]);
 */
export function drawKeys(ctx: PageContext, slots: readonly (KeySlot & { drawing: Drawing })[]): void {
  const large = ctx.format.largePrint;
  const label = large ? KEY_LABEL_MM.large : KEY_LABEL_MM.normal;
  const header = getHeaderMm(ctx.format);
  const labels: DrawingItem[] = slots.map((slot) => ({
    type: 'text',
    x: slot.x,
    y: header + slot.y + label * 0.45,
    text: `Solution ${slot.index + 1}`,
    size: large ? 14 : 9,
    bold: true,
  }));
  drawInSafeArea(ctx, labels);
  for (const slot of slots) {
    drawInBody(ctx, slot.drawing, {
      x: slot.x,
      y: slot.y + label,
      width: slot.width,
      height: slot.height - label,
    });
  }
}

/** The title page: the title set large and wrapped, the subtitle, the author and a contents line. *
 * @example
 * drawTitlePage(ctx, { title: 'Rainy Day Puzzles', author: 'Ada', contents: '30 puzzles' });
 */
export function drawTitlePage(
  ctx: PageContext,
  meta: { title: string; subtitle?: string; author?: string; contents: string },
): void {
  const width = safeWidthMm(ctx);
  const height = safeHeightMm(ctx);
  const maxPt = width / MM_PER_PT;
  const sizes = ctx.format.largePrint ? [40, 32, 26] : [30, 24, 20];
  let size = sizes[sizes.length - 1] ?? 20;
  let lines = wrapText(ctx.fonts, { text: meta.title, size, bold: true }, maxPt);
  for (const candidate of sizes) {
    const wrapped = wrapText(ctx.fonts, { text: meta.title, size: candidate, bold: true }, maxPt);
    if (wrapped.length <= 3) {
      size = candidate;
      lines = wrapped;
      break;
    }
  }
  const lineMm = size * MM_PER_PT * 1.25;
  let y = height * 0.3;
  const items: DrawingItem[] = lines.map((line, i) => ({
    type: 'text',
    x: width / 2,
    y: y + i * lineMm,
    text: line,
    size,
    bold: true,
    align: 'middle',
  }));
  y += lines.length * lineMm + 4;
  const small = ctx.format.largePrint ? 18 : 14;
  for (const line of meta.subtitle
    ? wrapText(ctx.fonts, { text: meta.subtitle, size: small, bold: false }, maxPt)
    : []) {
    items.push({ type: 'text', x: width / 2, y, text: line, size: small, align: 'middle', fill: '#333333' });
    y += small * MM_PER_PT * 1.3;
  }
  items.push({ type: 'line', x1: width * 0.35, y1: y + 4, x2: width * 0.65, y2: y + 4, strokeWidth: 0.4 });
  if (meta.author)
    items.push({
      type: 'text',
      x: width / 2,
      y: y + 14,
      text: truncateText(ctx.fonts, { text: meta.author, size: small, bold: false }, maxPt),
      size: small,
      align: 'middle',
    });
  items.push({
    type: 'text',
    x: width / 2,
    y: height * 0.85,
    text: meta.contents,
    size: ctx.format.largePrint ? 14 : 10,
    align: 'middle',
    fill: '#333333',
  });
  drawInSafeArea(ctx, items);
}
