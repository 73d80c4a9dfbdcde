import { breakLines } from '../../internal/break-lines.js';

const MM_PER_PT = 25.4 / 72;
/** A generous average advance for DejaVu Sans text (in ems), so estimated lines never overflow. */
const AVERAGE_ADVANCE = 0.58;

/**
 * Estimates the width in millimetres of `text` set at `size` points.
 *
 * @example
 * measureText('Across', 10); // ≈ 12.3
 */
export function measureText(text: string, size: number): number {
  return text.length * size * AVERAGE_ADVANCE * MM_PER_PT;
}

/**
 * Breaks text into lines no wider than `width` millimetres at `size` points, at spaces where it
 * can and inside a word only when the word alone is too long.
 *
 * @example
 * wrapText('A large body of salt water', 20, 10); // ['A large body', 'of salt water']
 */
export function wrapText(text: string, width: number, size: number): string[] {
  return breakLines(text, Math.max(1, Math.floor(width / measureText('x', size))));
}
