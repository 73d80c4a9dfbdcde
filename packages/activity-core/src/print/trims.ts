import { ActivityError } from '../errors.js';

/**
 * The paper sizes a page or a book can be printed on. `Letter` and `8.5x11` are the same
 * 215.9 × 279.4 mm paper under two names: teachers ask for "Letter" (the sheet in their home or
 * school printer) and book makers for "8.5x11" (the print-on-demand trim, as KDP and Lulu list
 * it). Both names are accepted so neither audience has to translate.
 */
export type TrimName = 'A4' | 'Letter' | '8.5x11' | '8x10' | '6x9';

/** One paper size with its safe margin. */
export interface Trim {
  name: TrimName;
  /** A human label, e.g. `6 × 9 in (152.4 × 228.6 mm)`. */
  label: string;
  /** `sheet`: loose paper for a desktop printer; `book`: a print-on-demand book trim. */
  use: 'sheet' | 'book';
  widthMm: number;
  heightMm: number;
  /**
   * The margin kept free of content on every side of a loose sheet, and on the top, bottom and
   * outside edge of a book page (the inside edge of a book page grows with the page count; see
   * `getGutterMm`). Always at least print-on-demand's 0.375 in minimum for pages with bleed, so
   * the same margin is safe with and without bleed.
   */
  safeMarginMm: number;
}

/**
 * Every trim by name. Loose sheets keep 0.5 in (12.7 mm) clear, beyond the unprintable edge of
 * desktop printers (about 5 mm); the smaller book trims keep 0.375 in (9.525 mm), the POD minimum
 * outside margin with bleed (KDP: 0.25 in without bleed, 0.375 in with bleed).
 *
 * @example
 * TRIMS['6x9'].widthMm; // 152.4
 */
export const TRIMS: Readonly<Record<TrimName, Trim>> = {
  A4: {
    name: 'A4',
    label: 'A4 (210 × 297 mm)',
    use: 'sheet',
    widthMm: 210,
    heightMm: 297,
    safeMarginMm: 12.7,
  },
  Letter: {
    name: 'Letter',
    label: 'US Letter (8.5 × 11 in, 215.9 × 279.4 mm)',
    use: 'sheet',
    widthMm: 215.9,
    heightMm: 279.4,
    safeMarginMm: 12.7,
  },
  '8.5x11': {
    name: '8.5x11',
    label: '8.5 × 11 in book (215.9 × 279.4 mm)',
    use: 'book',
    widthMm: 215.9,
    heightMm: 279.4,
    safeMarginMm: 12.7,
  },
  '8x10': {
    name: '8x10',
    label: '8 × 10 in book (203.2 × 254 mm)',
    use: 'book',
    widthMm: 203.2,
    heightMm: 254,
    safeMarginMm: 9.525,
  },
  '6x9': {
    name: '6x9',
    label: '6 × 9 in book (152.4 × 228.6 mm)',
    use: 'book',
    widthMm: 152.4,
    heightMm: 228.6,
    safeMarginMm: 9.525,
  },
};

/** The trim names in a stable order (for messages, docs and tests). */
export const TRIM_NAMES: readonly TrimName[] = ['A4', 'Letter', '8.5x11', '8x10', '6x9'];

/**
 * The trim named `name`, or an `ACT_INVALID_OPTIONS` error listing the valid names.
 *
 * @example
 * readTrim('Letter').heightMm; // 279.4
 */
export function readTrim(name: unknown): Trim {
  if (typeof name === 'string' && Object.hasOwn(TRIMS, name)) return TRIMS[name as TrimName];
  const shown = typeof name === 'string' ? JSON.stringify(name.slice(0, 40)) : typeof name;
  const message = `Unknown trim ${shown}; use one of ${TRIM_NAMES.join(', ')}.`;
  throw new ActivityError('ACT_INVALID_OPTIONS', message, {
    issues: [{ code: 'ACT_INVALID_OPTIONS', message, path: '/trim' }],
  });
}
