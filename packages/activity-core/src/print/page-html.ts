import { escapeHtml, formatNumber as num } from './escape-html.js';
import type { Trim } from './trims.js';

/** Everything the HTML template needs, already checked and rendered. */
export interface PageHtmlParts {
  trim: Trim;
  /** The document title (browser tab, PDF metadata). */
  documentTitle: string;
  heading: string;
  /** The right-hand header line: number, difficulty, "Answer key". */
  meta: string;
  svg: string;
  largePrint: boolean;
  watermark: string | undefined;
}

/** Fixed heights (mm) of the page furniture, so the drawing area is known before layout. */
export const HEADER_MM = { normal: 11, large: 15 } as const;
export const HEADER_GAP_MM = 4;
export const FOOTER_MM = 6;

/**
 * The area (mm) left for the drawing on a printed sheet: the trim's safe area minus the header
 * and, when watermarked, the footer line.
 *
 * @example
 * getDrawingArea(TRIMS.Letter, { largePrint: false, watermark: false }); // { width: 190.5, height: 239 }
 */
export function getDrawingArea(
  trim: Trim,
  options: { largePrint: boolean; watermark: boolean },
): { width: number; height: number } {
  const header = options.largePrint ? HEADER_MM.large : HEADER_MM.normal;
  const footer = options.watermark ? FOOTER_MM : 0;
  return {
    width: trim.widthMm - 2 * trim.safeMarginMm,
    height: trim.heightMm - 2 * trim.safeMarginMm - header - HEADER_GAP_MM - footer,
  };
}

function renderWatermark(text: string, width: number, height: number): string {
  const angle = (Math.atan2(height, width) * 180) / Math.PI;
  // Bold sans capitals average about 0.62 em; aim for three quarters of the diagonal.
  const diagonal = Math.hypot(width, height);
  const size = Math.min((0.75 * diagonal) / (0.62 * Math.max(text.length, 4)), height / 6);
  return (
    `<div class="watermark" aria-hidden="true"><span style="transform:rotate(-${num(angle, 2)}deg);` +
    `font-size:${num(size, 2)}mm">${escapeHtml(text)}</span></div>`
  );
}

function renderStyle(parts: PageHtmlParts, width: number, height: number): string {
  const { trim, largePrint } = parts;
  const margin = num(trim.safeMarginMm);
  const header = largePrint ? HEADER_MM.large : HEADER_MM.normal;
  return [
    `@page{size:${num(trim.widthMm)}mm ${num(trim.heightMm)}mm;margin:${margin}mm}`,
    '*{box-sizing:border-box}',
    'html,body{margin:0;padding:0;background:#fff}',
    'body{font-family:"DejaVu Sans",Verdana,Arial,Helvetica,sans-serif;color:#000;-webkit-print-color-adjust:exact;print-color-adjust:exact}',
    `@media screen{body{padding:${margin}mm}}`,
    // A hair under the safe height, so rounding never spills a blank second page.
    `.sheet{position:relative;width:${num(width)}mm;height:${num(height - 0.5)}mm;overflow:hidden;display:flex;flex-direction:column}`,
    `.head{flex:none;height:${header}mm;margin-bottom:${HEADER_GAP_MM}mm;display:flex;align-items:flex-end;justify-content:space-between;gap:4mm;border-bottom:0.3mm solid #000;padding-bottom:1.5mm}`,
    `.head h1{margin:0;font-size:${largePrint ? 22 : 16}pt;line-height:1.1;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
    `.head p{margin:0;font-size:${largePrint ? 14 : 10}pt;white-space:nowrap}`,
    '.art{flex:1 1 auto;min-height:0;display:flex;justify-content:center;align-items:flex-start}',
    '.art svg{display:block;overflow:visible}',
    `.mark{flex:none;height:${FOOTER_MM}mm;border-top:0.2mm solid #999;color:#444;font-size:8pt;display:flex;align-items:center;justify-content:center}`,
    '.watermark{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;pointer-events:none}',
    '.watermark span{white-space:nowrap;font-weight:bold;color:#000;opacity:0.15}',
  ].join('\n');
}

/**
 * The standalone print document: inline CSS, the drawing as inline SVG, no scripts, no external
 * assets. Every text in it is escaped here or by the SVG renderer.
 *
 * @example
 * const html = renderPageHtml({ trim: TRIMS.A4, documentTitle: 'Maze', heading: 'Maze', meta: 'hard', svg, largePrint: false, watermark: undefined });
 */
export function renderPageHtml(parts: PageHtmlParts): string {
  const width = parts.trim.widthMm - 2 * parts.trim.safeMarginMm;
  const height = parts.trim.heightMm - 2 * parts.trim.safeMarginMm;
  const mark = parts.watermark;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(parts.documentTitle)}</title>`,
    `<style>\n${renderStyle(parts, width, height)}\n</style></head>`,
    '<body><div class="sheet">',
    `<header class="head"><h1>${escapeHtml(parts.heading)}</h1><p>${escapeHtml(parts.meta)}</p></header>`,
    `<main class="art">${parts.svg}</main>`,
    mark === undefined ? '' : `<footer class="mark">${escapeHtml(mark)}</footer>`,
    mark === undefined ? '' : renderWatermark(mark, width, height),
    '</div></body></html>',
    '',
  ].join('\n');
}
