import { BLEED_MM, getGutterMm } from '../print/gutter.js';
import type { Trim } from '../print/trims.js';
import { PT_PER_MM } from './draw-to-pdf.js';
import { round } from './pdf-text.js';

/** A rectangle in PDF points, origin at the bottom left of the page (y grows upwards). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The paper and margins every page of one book shares. */
export interface BookFormat {
  trim: Trim;
  bleed: boolean;
  largePrint: boolean;
  watermark: string | undefined;
  /** Inside (binding-edge) margin: the larger of the trim's safe margin and the gutter for the page count. */
  insideMm: number;
}

/** Where one page's paper, trim and safe area lie. */
export interface PageFrame {
  width: number;
  height: number;
  trimBox: Box;
  /** The safe area: everything printed lies inside it. */
  safe: Box;
  /** Right-hand page (odd page number): the binding edge is on its left. */
  recto: boolean;
}

function roundBox(box: Box): Box {
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}

/** Heights (mm) of the page furniture inside the safe area. */
export const BAND_MM = {
  header: { normal: 11, large: 15 },
  headerGap: 4,
  pageNumber: 7,
  watermarkLine: 6,
} as const;

/**
 * The format of a book with `pageCount` pages: the inside margin follows the print-on-demand
 * gutter table for that count.
 *
 * @example
 * createBookFormat({ trim: TRIMS['6x9'], bleed: false, largePrint: false, watermark: undefined, pageCount: 180 }).insideMm; // 12.7
 */
export function createBookFormat(args: Omit<BookFormat, 'insideMm'> & { pageCount: number }): BookFormat {
  const { pageCount, ...rest } = args;
  return { ...rest, insideMm: Math.max(args.trim.safeMarginMm, getGutterMm(pageCount)) };
}

/**
 * The paper, trim box and safe area of page `pageNumber` (1-based). Odd pages are rectos (binding
 * on the left), even pages versos, so the inside margin mirrors. With bleed the paper grows by
 * 0.125 in on the top, bottom and outside edge — the right of a recto, the left of a verso — and
 * never on the binding edge, as print-on-demand printers define it.
 *
 * @example
 * getPageFrame(format, 1).safe.x; // the inside margin, in points
 */
export function getPageFrame(format: BookFormat, pageNumber: number): PageFrame {
  const { trim } = format;
  const recto = pageNumber % 2 === 1;
  const bleed = format.bleed ? BLEED_MM : 0;
  const trimBox: Box = {
    x: (recto ? 0 : bleed) * PT_PER_MM,
    y: bleed * PT_PER_MM,
    width: trim.widthMm * PT_PER_MM,
    height: trim.heightMm * PT_PER_MM,
  };
  const left = recto ? format.insideMm : trim.safeMarginMm;
  const right = recto ? trim.safeMarginMm : format.insideMm;
  const safe: Box = {
    x: trimBox.x + left * PT_PER_MM,
    y: trimBox.y + trim.safeMarginMm * PT_PER_MM,
    width: (trim.widthMm - left - right) * PT_PER_MM,
    height: (trim.heightMm - 2 * trim.safeMarginMm) * PT_PER_MM,
  };
  // Boxes are written into the PDF: 0.01 pt is exact enough and spares `612.0000000000001`.
  return {
    width: round((trim.widthMm + bleed) * PT_PER_MM),
    height: round((trim.heightMm + 2 * bleed) * PT_PER_MM),
    trimBox: roundBox(trimBox),
    safe,
    recto,
  };
}

/**
 * Height (mm) of the header band, including its gap.
 *
 * @example
 * getHeaderMm(format); // 15, or 19 in large print
 */
export function getHeaderMm(format: BookFormat): number {
  return (format.largePrint ? BAND_MM.header.large : BAND_MM.header.normal) + BAND_MM.headerGap;
}

/**
 * Height (mm) of the footer band: the page number and, when watermarked, the watermark line.
 *
 * @example
 * getFooterMm(format); // 7, or 13 with a watermark
 */
export function getFooterMm(format: BookFormat): number {
  return BAND_MM.pageNumber + (format.watermark === undefined ? 0 : BAND_MM.watermarkLine);
}

/**
 * The body of a page (mm): the safe area without the header and footer bands. The same on every
 * page of a book, recto or verso.
 *
 * @example
 * getBodySizeMm(format); // { width: 133.35, height: 182.6 }
 */
export function getBodySizeMm(format: BookFormat): { width: number; height: number } {
  const { trim } = format;
  return {
    width: trim.widthMm - trim.safeMarginMm - format.insideMm,
    height: trim.heightMm - 2 * trim.safeMarginMm - getHeaderMm(format) - getFooterMm(format),
  };
}
