import { PDFOperatorNames as Op, type PDFFont, PDFName, PDFOperator, type PDFPage } from 'pdf-lib';
import { BASELINE_OFFSET_EM } from '../print/drawing-to-svg.js';

/** The embedded fonts a book is set in. */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** One line of text placed on a PDF page, in points; `y` is the text's vertical centre. */
export interface PlacedText {
  text: string;
  x: number;
  y: number;
  size: number;
  align: 'start' | 'middle' | 'end';
  bold: boolean;
  /** CSS hex colour. */
  color: string;
}

/**
 * A coordinate rounded to 0.01 pt: far below what print resolves, and it keeps streams small and
 * free of float noise.
 *
 * @example
 * round(12.345678); // 12.35
 */
export function round(value: number): number {
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : 0;
}

/**
 * A coordinate as PDF operand text, rounded to 0.01 pt. pdf-lib's own number objects spell every
 * float digit and cost a conversion each; a page of maze walls has thousands of operands.
 *
 * @example
 * formatPt(12.345678); // '12.35'
 */
export function formatPt(value: number): string {
  const rounded = round(value);
  return rounded === 0 ? '0' : String(rounded);
}

/**
 * A content-stream operator with operands already formatted as PDF text.
 *
 * @example
 * op(PDFOperatorNames.MoveTo, '10', '20'); // "10 20 m"
 */
export function op(
  name: Op,
  ...operands: (string | PDFName | ReturnType<PDFFont['encodeText']>)[]
): PDFOperator {
  return PDFOperator.of(name, operands);
}

/**
 * A CSS hex colour as PDF RGB components in [0, 1].
 *
 * @example
 * toRgb('#ff8000'); // [1, 0.502, 0]
 */
export function toRgb(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1, 7);
  const value = Number.parseInt(digits, 16) || 0;
  const part = (shift: number) => Math.round((((value >> shift) & 0xff) / 255) * 1000) / 1000;
  return [part(16), part(8), part(0)];
}

// One resource name per font per page: pdf-lib makes a new one on every registration.
const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

function getFontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) {
    keys = new Map();
    fontKeys.set(page, keys);
  }
  let key = keys.get(font);
  if (!key) {
    // Short fixed names (`/F1`) rather than pdf-lib's `/DejaVuSans-8450180107` on every Tf.
    key = PDFName.of(`F${keys.size + 1}`);
    page.node.setFontDictionary(key, font.ref);
    keys.set(font, key);
  }
  return key;
}

interface ShapedText {
  encoded: ReturnType<PDFFont['encodeText']>;
  /** Width at 1 pt. */
  unitWidth: number;
}

// Shaping a text with fontkit costs tens of microseconds; grids repeat the same few letters
// thousands of times, so each font keeps what it has shaped.
const shaped = new WeakMap<PDFFont, Map<string, ShapedText>>();

function shapeText(font: PDFFont, text: string): ShapedText {
  let cache = shaped.get(font);
  if (!cache) {
    cache = new Map();
    shaped.set(font, cache);
  }
  let entry = cache.get(text);
  if (!entry) {
    entry = { encoded: font.encodeText(text), unitWidth: font.widthOfTextAtSize(text, 1) };
    if (cache.size < 50_000) cache.set(text, entry);
  }
  return entry;
}

/**
 * The width of `text` in points when set at `size` in the regular or bold font.
 *
 * @example
 * measureText(fonts, { text: 'Puzzle 7', size: 14, bold: true });
 */
export function measureText(fonts: PdfFonts, text: { text: string; size: number; bold: boolean }): number {
  return shapeText(text.bold ? fonts.bold : fonts.regular, cleanText(text.text)).unitWidth * text.size;
}

function cleanText(text: string): string {
  return text.replace(/\p{Cc}/gu, ' ');
}

/**
 * Operators that set texts in one text object, switching font, size and colour only when they
 * change. Push them with `page.pushOperators`.
 *
 * @example
 * page.pushOperators(...writeTexts(page, fonts, [{ text: '42', x: 100, y: 700, size: 12, align: 'end', bold: false, color: '#000000' }]));
 */
export function writeTexts(page: PDFPage, fonts: PdfFonts, texts: readonly PlacedText[]): PDFOperator[] {
  const ops: PDFOperator[] = [op(Op.BeginText)];
  let fontState = '';
  let colorState = '';
  // Positions in whole hundredths of a point; each text moves relative to the last (Td), which
  // repeats the same few steps across a grid and compresses far better than absolute matrices.
  let lastX = 0;
  let lastY = 0;
  for (const placed of texts) {
    const text = cleanText(placed.text);
    if (text === '') continue;
    const font = placed.bold ? fonts.bold : fonts.regular;
    const size = round(placed.size);
    if (`${placed.bold}|${size}` !== fontState) {
      ops.push(op(Op.SetFontAndSize, getFontKey(page, font), formatPt(size)));
      fontState = `${placed.bold}|${size}`;
    }
    if (placed.color !== colorState) {
      ops.push(op(Op.NonStrokingColorRgb, ...toRgb(placed.color).map(String)));
      colorState = placed.color;
    }
    const shape = shapeText(font, text);
    const width = shape.unitWidth * size;
    const left =
      placed.align === 'middle' ? placed.x - width / 2 : placed.align === 'end' ? placed.x - width : placed.x;
    const baseline = placed.y - size * BASELINE_OFFSET_EM;
    const x = Number.isFinite(left) ? Math.round(left * 100) : lastX;
    const y = Number.isFinite(baseline) ? Math.round(baseline * 100) : lastY;
    ops.push(
      op(Op.MoveText, formatPt((x - lastX) / 100), formatPt((y - lastY) / 100)),
      op(Op.ShowText, shape.encoded),
    );
    lastX = x;
    lastY = y;
  }
  ops.push(op(Op.EndText));
  return ops;
}

/**
 * Breaks `text` into lines no wider than `maxWidth` points, at spaces, or inside a word too long
 * for a line of its own.
 *
 * @example
 * wrapText(fonts, { text: title, size: 28, bold: true }, 360); // ['Big Book of', 'Puzzles']
 */
export function wrapText(
  fonts: PdfFonts,
  style: { text: string; size: number; bold: boolean },
  maxWidth: number,
): string[] {
  const fits = (text: string) => measureText(fonts, { ...style, text }) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of cleanText(style.text).split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest) && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * `text`, shortened with an ellipsis until it fits `maxWidth` points.
 *
 * @example
 * truncateText(fonts, { text: 'A very long heading', size: 11, bold: false }, 60); // 'A very l…'
 */
export function truncateText(
  fonts: PdfFonts,
  style: { text: string; size: number; bold: boolean },
  maxWidth: number,
): string {
  let text = cleanText(style.text);
  if (measureText(fonts, { ...style, text }) <= maxWidth) return text;
  while (text.length > 0 && measureText(fonts, { ...style, text: `${text}…` }) > maxWidth)
    text = text.slice(0, -1);
  return text === '' ? '' : `${text.trimEnd()}…`;
}
