import type { Drawing, DrawingItem, Stroke } from '../drawing/drawing.js';
import { escapeHtml, formatNumber as num, readColor } from './escape-html.js';
import { getPrintedStrokeMm, getPrintedTextSize, MM_PER_PT } from './fit-drawing.js';

/** How a drawing is printed: its scale on the page and whether large print applies. */
export interface SvgOptions {
  scale: number;
  largePrint: boolean;
  /** An accessible name for the picture. */
  label: string;
}

/** Stroke width used when an item gives none, in millimetres. */
export const DEFAULT_STROKE_MM = 0.25;

/**
 * Vertical offset from a text's centre to its baseline, in ems: half the cap height of common
 * sans-serif faces (DejaVu Sans 0.73, Arial 0.72), so digits and capitals sit centred in cells.
 * The PDF renderer uses the same constant, so screen and PDF agree.
 */
export const BASELINE_OFFSET_EM = 0.36;

function renderStroke(item: Stroke, scale: number, fallback: string | undefined): string {
  const stroke = item.stroke === undefined ? fallback : readColor(item.stroke, '#000000');
  if (stroke === undefined) return ' stroke="none"';
  const width = getPrintedStrokeMm(item.strokeWidth ?? DEFAULT_STROKE_MM, scale) / scale;
  return ` stroke="${stroke}" stroke-width="${num(width)}"`;
}

function renderItem(item: DrawingItem, options: SvgOptions): string {
  const { scale } = options;
  switch (item.type) {
    case 'line': {
      const dash =
        item.dash && item.dash.length > 0
          ? ` stroke-dasharray="${item.dash.map((d) => num(d)).join(' ')}"`
          : '';
      const cap = dash ? 'butt' : 'square';
      return `<line x1="${num(item.x1)}" y1="${num(item.y1)}" x2="${num(item.x2)}" y2="${num(item.y2)}"${renderStroke(item, scale, '#000000')} stroke-linecap="${cap}"${dash}/>`;
    }
    case 'rect': {
      const fill = item.fill === undefined ? 'none' : readColor(item.fill, 'none');
      const stroke = renderStroke(item, scale, item.fill === undefined ? '#000000' : undefined);
      return `<rect x="${num(item.x)}" y="${num(item.y)}" width="${num(item.width)}" height="${num(item.height)}" fill="${fill}"${stroke}/>`;
    }
    case 'circle': {
      const fill = item.fill === undefined ? 'none' : readColor(item.fill, 'none');
      const stroke = renderStroke(item, scale, item.fill === undefined ? '#000000' : undefined);
      return `<circle cx="${num(item.cx)}" cy="${num(item.cy)}" r="${num(item.r)}" fill="${fill}"${stroke}/>`;
    }
    case 'polyline': {
      const points = item.points.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
      const join = item.round
        ? ' stroke-linecap="round" stroke-linejoin="round"'
        : ' stroke-linejoin="miter"';
      return `<polyline points="${points}" fill="none"${renderStroke(item, scale, '#000000')}${join}/>`;
    }
    case 'text': {
      const sizeMm = (getPrintedTextSize(item.size, scale, options.largePrint) * MM_PER_PT) / scale;
      const anchor = item.align ?? 'start';
      const weight = item.bold ? ' font-weight="bold"' : '';
      const fill = readColor(item.fill, '#000000');
      const baseline = item.y + sizeMm * BASELINE_OFFSET_EM;
      return `<text x="${num(item.x)}" y="${num(baseline)}" font-size="${num(sizeMm)}" text-anchor="${anchor}" fill="${fill}"${weight}>${escapeHtml(String(item.text))}</text>`;
    }
    default:
      // Item types this printer does not know (from a newer kind) are skipped, not fatal.
      void (item satisfies never);
      return '';
  }
}

/**
 * Renders a drawing as an inline SVG element sized in printed millimetres (`scale` applied), with
 * every text escaped and every colour checked, so a page's text can never inject markup.
 *
 * @example
 * const svg = renderDrawingSvg(drawing, { scale: 0.8, largePrint: false, label: 'Sudoku' });
 */
export function renderDrawingSvg(drawing: Drawing, options: SvgOptions): string {
  const width = num(drawing.width * options.scale);
  const height = num(drawing.height * options.scale);
  const body = drawing.items.map((item) => renderItem(item, options)).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}mm" height="${height}mm" ` +
    `viewBox="0 0 ${num(drawing.width)} ${num(drawing.height)}" role="img" aria-label="${escapeHtml(options.label)}">` +
    `${body}</svg>`
  );
}
