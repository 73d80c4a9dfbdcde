/**
 * Test support for checking printed output the way a person would see it: how much ink a
 * rendered page carries, and what poppler's tools read from a PDF. Used by this package's own
 * print tests and by servers that print through it (their browser suites check the same way).
 *
 * @example
 * import { countInk, renderPdfPage, requireTool } from '@svc/activity-core/testing';
 * requireTool('/usr/bin/pdftoppm');
 * const { ink } = countInk(renderPdfPage(pdfBytes, 1, 50));
 */
export type { PngInk } from './testing/png-ink.js';
export { countInk } from './testing/png-ink.js';
export type { PdfInfo } from './testing/poppler.js';
export { readPdfFonts, readPdfInfo, renderPdfPage, requireTool } from './testing/poppler.js';
