const INCH_MM = 25.4;

/** One row of the inside-margin table: books of up to `maxPages` pages need `insideMm`. */
export interface GutterRow {
  maxPages: number;
  insideMm: number;
}

/**
 * The minimum inside (binding-edge) margin by page count, from Kindle Direct Publishing's
 * paperback margin table ("Set trim size, bleed, and margins", KDP Help): 24–150 pages 0.375 in,
 * 151–300 0.5 in, 301–500 0.625 in, 501–700 0.75 in, 701–828 0.875 in. Thicker books curve more
 * into the spine, so the inside margin grows. Books under 24 pages (below KDP's minimum) use the
 * first row; books past 828 pages keep the last.
 */
export const GUTTER_TABLE: readonly GutterRow[] = [
  { maxPages: 150, insideMm: 0.375 * INCH_MM },
  { maxPages: 300, insideMm: 0.5 * INCH_MM },
  { maxPages: 500, insideMm: 0.625 * INCH_MM },
  { maxPages: 700, insideMm: 0.75 * INCH_MM },
  { maxPages: Number.POSITIVE_INFINITY, insideMm: 0.875 * INCH_MM },
];

/**
 * The print-on-demand bleed: 0.125 in (3.175 mm) added to the top, bottom and outside edge of
 * every page (never the binding edge), so a 6 × 9 in book with bleed has 6.125 × 9.25 in pages.
 */
export const BLEED_MM = 0.125 * INCH_MM;

/**
 * The minimum inside margin for a book of `pageCount` pages, per {@link GUTTER_TABLE}.
 *
 * @example
 * getGutterMm(120); // 9.525 (0.375 in)
 * getGutterMm(240); // 12.7 (0.5 in)
 */
export function getGutterMm(pageCount: number): number {
  const row = GUTTER_TABLE.find((candidate) => pageCount <= candidate.maxPages);
  return (row ?? GUTTER_TABLE[GUTTER_TABLE.length - 1] ?? { insideMm: 0.875 * INCH_MM }).insideMm;
}
