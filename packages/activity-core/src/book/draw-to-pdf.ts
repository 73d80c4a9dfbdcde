import { LineCapStyle, LineJoinStyle, PDFOperatorNames as Op, type PDFOperator, type PDFPage } from 'pdf-lib';
import type { Drawing, DrawingItem, TextItem } from '../drawing/drawing.js';
import { DEFAULT_STROKE_MM } from '../print/drawing-to-svg.js';
import { readColor } from '../print/escape-html.js';
import { getPrintedStrokeMm, getPrintedTextSize } from '../print/fit-drawing.js';
import { formatPt, op, type PdfFonts, toRgb, writeTexts } from './pdf-text.js';

/** Points per millimetre. */
export const PT_PER_MM = 72 / 25.4;

/** Where a drawing goes on a PDF page: its top-left corner in points and its scale. */
export interface PdfDrawTarget {
  /** Left edge and top edge of the drawing, in PDF points (y grows upwards). */
  left: number;
  top: number;
  /** Printed millimetres per drawing millimetre (≤ 1). */
  scale: number;
  fonts: PdfFonts;
  largePrint: boolean;
}

// Bézier control distance for a quarter circle.
const KAPPA = 0.5522847498;

/** The stroke operators of an item, and a key that is equal when the operators are. */
function readStroke(
  item: Exclude<DrawingItem, TextItem>,
  scale: number,
): { key: string; ops: () => PDFOperator[] } {
  const color = readColor(item.stroke, '#000000');
  const width = formatPt(getPrintedStrokeMm(item.strokeWidth ?? DEFAULT_STROKE_MM, scale) * PT_PER_MM);
  const dash =
    item.type === 'line' && item.dash && item.dash.length > 0
      ? item.dash.map((d) => formatPt(d * scale * PT_PER_MM))
      : [];
  const rounded = item.type === 'polyline' && item.round === true;
  const cap = rounded
    ? LineCapStyle.Round
    : item.type === 'line' && dash.length === 0
      ? LineCapStyle.Projecting
      : LineCapStyle.Butt;
  const join = rounded ? LineJoinStyle.Round : LineJoinStyle.Miter;
  return {
    key: `${color}|${width}|${dash.join(' ')}|${cap}|${join}`,
    ops: () => [
      op(Op.StrokingColorRgb, ...toRgb(color).map(String)),
      op(Op.SetLineWidth, width),
      op(Op.SetLineDashPattern, `[${dash.join(' ')}]`, '0'),
      op(Op.SetLineCapStyle, String(cap)),
      op(Op.SetLineJoinStyle, String(join)),
    ],
  };
}

/**
 * Draws a {@link Drawing} onto a pdf-lib page as vector operators: consecutive strokes of one style
 * share a single path, consecutive texts one text object, coordinates are rounded to 0.01 pt — so a
 * page of maze walls stays a few kilobytes. Sizes follow the HTML printer exactly (same stroke
 * minimum, same large-print text rule, same baseline), so PDF and print agree.
 *
 * @example
 * drawToPdf(page, kind.draw(doc, { key: false, largePrint: false }), { left: 36, top: 756, scale: 1, fonts, largePrint: false });
 */
export function drawToPdf(page: PDFPage, drawing: Drawing, target: PdfDrawTarget): void {
  const k = target.scale * PT_PER_MM;
  const x = (mm: number) => formatPt(target.left + mm * k);
  const y = (mm: number) => formatPt(target.top - mm * k);
  const ops: PDFOperator[] = [op(Op.PushGraphicsState)];
  let strokeKey = '';
  let pathOpen = false;
  const endPath = () => {
    if (pathOpen) ops.push(op(Op.StrokePath));
    pathOpen = false;
  };
  const useStroke = (stroke: { key: string; ops: () => PDFOperator[] }) => {
    if (stroke.key === strokeKey) return;
    endPath();
    ops.push(...stroke.ops());
    strokeKey = stroke.key;
  };
  const items = drawing.items;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item === undefined) continue;
    switch (item.type) {
      case 'line':
        useStroke(readStroke(item, target.scale));
        ops.push(op(Op.MoveTo, x(item.x1), y(item.y1)), op(Op.LineTo, x(item.x2), y(item.y2)));
        pathOpen = true;
        break;
      case 'polyline': {
        const [first, ...rest] = item.points;
        if (!first) break;
        useStroke(readStroke(item, target.scale));
        ops.push(op(Op.MoveTo, x(first[0]), y(first[1])));
        for (const [px, py] of rest) ops.push(op(Op.LineTo, x(px), y(py)));
        pathOpen = true;
        break;
      }
      case 'rect':
      case 'circle': {
        const fillColor = item.fill === undefined ? '' : readColor(item.fill, '');
        const hasStroke = item.stroke !== undefined || item.fill === undefined;
        if (fillColor === '' && !hasStroke) break;
        // A filled shape must not fill the open run of strokes before it.
        if (fillColor !== '') endPath();
        if (hasStroke) useStroke(readStroke(item, target.scale));
        if (fillColor !== '') ops.push(op(Op.NonStrokingColorRgb, ...toRgb(fillColor).map(String)));
        if (item.type === 'rect') {
          ops.push(
            op(
              Op.AppendRectangle,
              x(item.x),
              y(item.y + item.height),
              formatPt(item.width * k),
              formatPt(item.height * k),
            ),
          );
        } else {
          const { cx, cy, r } = item;
          const c = r * KAPPA;
          ops.push(
            op(Op.MoveTo, x(cx + r), y(cy)),
            op(Op.AppendBezierCurve, x(cx + r), y(cy + c), x(cx + c), y(cy + r), x(cx), y(cy + r)),
            op(Op.AppendBezierCurve, x(cx - c), y(cy + r), x(cx - r), y(cy + c), x(cx - r), y(cy)),
            op(Op.AppendBezierCurve, x(cx - r), y(cy - c), x(cx - c), y(cy - r), x(cx), y(cy - r)),
            op(Op.AppendBezierCurve, x(cx + c), y(cy - r), x(cx + r), y(cy - c), x(cx + r), y(cy)),
            op(Op.ClosePath),
          );
        }
        if (fillColor === '') {
          pathOpen = true;
        } else {
          ops.push(op(hasStroke ? Op.FillNonZeroAndStroke : Op.FillNonZero));
          pathOpen = false;
        }
        break;
      }
      case 'text': {
        endPath();
        // Gather the run of consecutive texts into one text object.
        const run: TextItem[] = [item];
        while (items[i + 1]?.type === 'text') run.push(items[++i] as TextItem);
        const placed = run.map((text) => ({
          text: String(text.text),
          x: target.left + text.x * k,
          y: target.top - text.y * k,
          size: getPrintedTextSize(text.size, target.scale, target.largePrint),
          align: text.align ?? 'start',
          bold: text.bold === true,
          color: readColor(text.fill, '#000000'),
        }));
        ops.push(...writeTexts(page, target.fonts, placed));
        break;
      }
      default:
        // Item types this renderer does not know (from a newer kind) are skipped, not fatal.
        void (item satisfies never);
    }
  }
  endPath();
  ops.push(op(Op.PopGraphicsState));
  page.pushOperators(...ops);
}
