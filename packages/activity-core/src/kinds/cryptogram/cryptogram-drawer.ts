import type { Drawing, DrawingItem } from '../../drawing/drawing.js';
import { breakLines } from '../../internal/break-lines.js';
import type { DrawOptions } from '../kind.js';
import type { CryptogramDoc } from './cryptogram-types.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Style {
  pageWidth: number;
  /** Advance per character, mm. */
  pitch: number;
  cipherSize: number;
  answerSize: number;
  /** Height of one line of cipher letters with its blanks, mm. */
  lineHeight: number;
  /** Letters per row of the alphabet table. */
  tableColumns: number;
}

/** Sizes in mm and pt. Normal print fits the 6×9 in safe width at 1:1; large print the 8×10 in / A4 / Letter one. */
const STYLES: Record<'normal' | 'large', Style> = {
  normal: { pageWidth: 127, pitch: 5.5, cipherSize: 10, answerSize: 12, lineHeight: 14, tableColumns: 26 },
  large: { pageWidth: 184, pitch: 9, cipherSize: 18, answerSize: 20, lineHeight: 22, tableColumns: 13 },
};

// One slot: the cipher letter above, the blank below; the plain letter sits on the blank when
// it is a hint or in the key; punctuation stands on the blank's line with no blank.
function drawSlot(
  cipher: string,
  plain: string | null,
  at: { x: number; y: number },
  style: Style,
  items: DrawingItem[],
): void {
  const { pitch } = style;
  const centre = at.x + pitch / 2;
  if (!/^[A-Z]$/.test(cipher)) {
    if (cipher !== ' ')
      items.push({
        type: 'text',
        x: centre,
        y: at.y + style.lineHeight * 0.62,
        text: cipher,
        size: style.answerSize,
        align: 'middle',
      });
    return;
  }
  items.push({
    type: 'text',
    x: centre,
    y: at.y + style.lineHeight * 0.2,
    text: cipher,
    size: style.cipherSize,
    align: 'middle',
    fill: '#444444',
  });
  const blankY = at.y + style.lineHeight * 0.82;
  items.push({
    type: 'line',
    x1: at.x + pitch * 0.1,
    y1: blankY,
    x2: at.x + pitch * 0.9,
    y2: blankY,
    strokeWidth: 0.25,
  });
  if (plain)
    items.push({
      type: 'text',
      x: centre,
      y: at.y + style.lineHeight * 0.6,
      text: plain,
      size: style.answerSize,
      align: 'middle',
      bold: true,
    });
}

/**
 * Draws a cryptogram: the cipher text in wrapped lines, a blank under every letter (hint letters
 * filled in), the author, and an alphabet table for the solver's notes. The key fills every
 * blank with the plain text.
 *
 * @example
 * const drawing = drawCryptogram(page.doc, { key: true, largePrint: false });
 */
export function drawCryptogram(doc: CryptogramDoc, options: DrawOptions): Drawing {
  const style = options.largePrint ? STYLES.large : STYLES.normal;
  const revealed = new Set(options.key ? Object.keys(doc.key) : doc.hints);
  const items: DrawingItem[] = [];
  const perLine = Math.floor(style.pageWidth / style.pitch);
  let y = 0;
  let offset = 0;
  for (const line of breakLines(doc.cipherText, perLine)) {
    // The lines are cut from the cipher text at spaces, which are kept 1:1, so `offset` finds each
    // line's characters in the plain text too.
    offset = doc.cipherText.indexOf(line, offset);
    Array.from(line).forEach((cipher, i) => {
      const plain = revealed.has(cipher) ? (doc.plainText[offset + i] ?? null) : null;
      drawSlot(cipher, plain, { x: i * style.pitch, y }, style, items);
    });
    offset += line.length;
    y += style.lineHeight;
  }
  if (doc.author) {
    items.push({
      type: 'text',
      x: style.pageWidth,
      y: y + style.lineHeight * 0.3,
      text: `— ${doc.author}`,
      size: style.answerSize,
      align: 'end',
    });
    y += style.lineHeight * 0.7;
  }
  y += style.lineHeight * 0.5;
  const tablePitch = Math.min(style.pageWidth / style.tableColumns, style.pitch * 1.2);
  Array.from(ALPHABET).forEach((cipher, i) => {
    const row = Math.floor(i / style.tableColumns);
    const at = { x: (i % style.tableColumns) * tablePitch, y: y + row * style.lineHeight };
    drawSlot(
      cipher,
      revealed.has(cipher) ? (doc.key[cipher] ?? null) : null,
      at,
      { ...style, pitch: tablePitch },
      items,
    );
  });
  y += Math.ceil(26 / style.tableColumns) * style.lineHeight;
  return { width: style.pageWidth, height: y, items };
}
