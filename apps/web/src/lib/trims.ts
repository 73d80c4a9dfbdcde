/** The trims the print and book routes accept, with their paper size (docs/activity/printing.md). */
export const TRIMS = {
  A4: { widthMm: 210, heightMm: 297, label: 'A4 (210 × 297 mm)' },
  Letter: { widthMm: 215.9, heightMm: 279.4, label: 'US Letter (8.5 × 11 in)' },
  '8.5x11': { widthMm: 215.9, heightMm: 279.4, label: 'Book 8.5 × 11 in' },
  '8x10': { widthMm: 203.2, heightMm: 254, label: 'Book 8 × 10 in' },
  '6x9': { widthMm: 152.4, heightMm: 228.6, label: 'Book 6 × 9 in' },
} as const;

/** A trim name. */
export type TrimName = keyof typeof TRIMS;

/** Every trim name, in the order the menus list them. */
export const TRIM_NAMES = Object.keys(TRIMS) as TrimName[];

/** CSS pixels per millimetre (96 px per inch). */
export const PX_PER_MM = 96 / 25.4;
