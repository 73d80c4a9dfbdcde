/**
 * Folds text to capitals with accents removed (é → E, ß → SS), keeping everything else.
 *
 * @example
 * foldAccents('Crème brûlée!'); // 'CREME BRULEE!'
 */
export function foldAccents(text: string): string {
  return text.normalize('NFKD').replace(/ß/g, 'ss').replace(/\p{M}/gu, '').toUpperCase();
}

/** True when folded text still holds a letter outside A–Z (Greek, Cyrillic…). */
export function hasNonLatinLetter(folded: string): boolean {
  return /[^\P{L}A-Z]/u.test(folded);
}

/**
 * Folds a word to the letters A–Z: accents dropped, case folded, spaces, hyphens and apostrophes
 * removed. Null when a letter outside A–Z remains.
 *
 * @example
 * foldToLetters("Île-de-France"); // 'ILEDEFRANCE'
 */
export function foldToLetters(text: string): string | null {
  const folded = foldAccents(text);
  return hasNonLatinLetter(folded) ? null : folded.replace(/[^A-Z]/g, '');
}
