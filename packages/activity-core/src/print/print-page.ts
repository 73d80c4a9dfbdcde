import { ActivityError } from '../errors.js';
import { renderDrawingSvg } from './drawing-to-svg.js';
import { fitDrawing } from './fit-drawing.js';
import { getDrawingArea, renderPageHtml } from './page-html.js';
import { readCount, readFlag, readText } from './read-options.js';
import { readPage } from './read-page.js';
import { readTrim, type TrimName } from './trims.js';

/** Arguments of {@link printPage}. */
export interface PrintPageArgs {
  kind: string;
  doc: unknown;
  trim: TrimName;
  /** Print the answer key instead of the puzzle (default false). */
  key?: boolean;
  /** Grid text at least 18 pt as printed (default false). */
  largePrint?: boolean;
  /** A visible mark on the page (diagonal text and a footer line); the server sets it for callers without a membership. */
  watermark?: string;
  /** The heading (default: the kind's title). */
  title?: string;
  /** The puzzle's number, shown in the header as "No. 7". */
  number?: number;
}

/** A standalone HTML print document and the paper it is laid out for. */
export interface PrintPageResult {
  html: string;
  trim: TrimName;
  widthMm: number;
  heightMm: number;
}

function readArgs(args: PrintPageArgs) {
  if (typeof args !== 'object' || args === null) {
    throw new ActivityError('ACT_INVALID_OPTIONS', 'printPage expects an object { kind, doc, trim, key }.');
  }
  return {
    trim: readTrim(args.trim),
    key: readFlag(args.key, false, '/key'),
    largePrint: readFlag(args.largePrint, false, '/largePrint'),
    watermark: readText(args.watermark, 120, '/watermark'),
    title: readText(args.title, 120, '/title'),
    number: readCount(args.number, 99_999, '/number'),
  };
}

/**
 * Prints one page as a standalone HTML document: CSS `@page` sized to the trim with its safe
 * margin, a header (title, number, difficulty), the kind's drawing as inline vector SVG scaled to
 * fit the safe area (never enlarged), and, when `watermark` is set, a diagonal mark and a footer
 * line. No scripts and no external assets. The doc is validated first: an invalid page throws
 * `ACT_INVALID_PAGE`, bad options `ACT_INVALID_OPTIONS`.
 *
 * @example
 * const page = generatePage({ kind: 'sudoku', seed: 'a' });
 * const { html } = printPage({ kind: 'sudoku', doc: page.doc, trim: 'Letter', key: false });
 */
export function printPage(args: PrintPageArgs): PrintPageResult {
  const options = readArgs(args);
  const { kind, doc } = readPage({ kind: args.kind, doc: args.doc });
  const drawing = kind.draw(doc, { key: options.key, largePrint: options.largePrint });
  const area = getDrawingArea(options.trim, {
    largePrint: options.largePrint,
    watermark: options.watermark !== undefined,
  });
  const scale = fitDrawing(drawing, area);
  const heading = options.title ?? kind.title;
  const difficulty = kind.difficulty(doc);
  const meta = [
    options.number === undefined ? undefined : `No. ${options.number}`,
    difficulty,
    options.key ? 'Answer key' : undefined,
  ].filter((part): part is string => part !== undefined && part !== '');
  const label = `${heading}${options.key ? ' (answer key)' : ''}`;
  const html = renderPageHtml({
    trim: options.trim,
    documentTitle: `${label} — ${kind.summarize(doc)}`,
    heading,
    meta: meta.join(' · '),
    svg: renderDrawingSvg(drawing, { scale, largePrint: options.largePrint, label }),
    largePrint: options.largePrint,
    watermark: options.watermark,
  });
  return { html, trim: options.trim.name, widthMm: options.trim.widthMm, heightMm: options.trim.heightMm };
}
