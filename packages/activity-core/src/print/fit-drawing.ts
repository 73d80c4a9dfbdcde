/** Large-print grid text is never printed below this size, in points. */
export const LARGE_PRINT_MIN_PT = 18;

/** Printed strokes are never thinner than this, in millimetres (hairlines vanish in print). */
export const MIN_STROKE_MM = 0.1;

/** Millimetres per typographic point. */
export const MM_PER_PT = 25.4 / 72;

/**
 * The scale at which a drawing is printed in an area: the largest that fits, never above 1 —
 * drawings are designed at their natural size in millimetres and are only ever scaled down.
 *
 * @example
 * fitDrawing({ width: 180, height: 180 }, { width: 127, height: 190 }); // 0.7055…
 * fitDrawing({ width: 100, height: 100 }, { width: 127, height: 190 }); // 1
 */
export function fitDrawing(
  drawing: { width: number; height: number },
  area: { width: number; height: number },
): number {
  const { width, height } = drawing;
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) return 1;
  const scale = Math.min(1, area.width / width, area.height / height);
  return scale > 0 ? scale : 1;
}

/**
 * The printed size in points of text drawn at `sizePt` in a drawing printed at `scale`. Text
 * scales with its drawing, except in large print: there text is never printed smaller than
 * min(its natural size, 18 pt), so grid text the kind drew at ≥ 18 pt stays ≥ 18 pt even when
 * the drawing had to shrink to fit a small trim.
 *
 * @example
 * getPrintedTextSize(20, 0.5, true); // 18
 * getPrintedTextSize(20, 0.5, false); // 10
 */
export function getPrintedTextSize(sizePt: number, scale: number, largePrint: boolean): number {
  const scaled = sizePt * scale;
  return largePrint ? Math.max(scaled, Math.min(sizePt, LARGE_PRINT_MIN_PT)) : scaled;
}

/**
 * The printed stroke width in millimetres of a stroke drawn `widthMm` wide at `scale`.
 *
 * @example
 * getPrintedStrokeMm(0.3, 0.5); // 0.15
 */
export function getPrintedStrokeMm(widthMm: number, scale: number): number {
  return Math.max(widthMm * scale, MIN_STROKE_MM);
}
