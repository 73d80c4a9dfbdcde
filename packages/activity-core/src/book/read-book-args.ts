import { ActivityError } from '../errors.js';
import { readFlag, readText } from '../print/read-options.js';
import { type CheckedPage, readPage } from '../print/read-page.js';
import { readTrim, type Trim, type TrimName } from '../print/trims.js';

/** One page of a book: a generated page's kind and doc, and an optional heading. */
export interface BookPageInput {
  kind: string;
  doc: unknown;
  /** Shown after the puzzle number ("Puzzle 7 · Farm animals"); default: the kind's title. */
  title?: string;
}

/** Arguments of `buildBookPdf`. */
export interface BuildBookArgs {
  title: string;
  subtitle?: string;
  author?: string;
  trim: TrimName;
  pages: BookPageInput[];
  options?: {
    /** Pages 0.125 in larger on the top, bottom and outside edge, as POD printers define bleed (default false). */
    bleed?: boolean;
    /** Puzzles drawn for large print: grid text at least 18 pt (default false). */
    largePrint?: boolean;
    /** A visible mark on every page (diagonal text and a footer line). */
    watermark?: string;
    /** Answer keys grouped at the back (default true). */
    includeKeys?: boolean;
    /**
     * Embed the whole font files (about 0.8 MB more) instead of the glyphs the book uses
     * (default false). Either way every font is embedded.
     */
    embedWholeFont?: boolean;
  };
  /** TrueType bytes of the text font; default DejaVu Sans read from `dejavu-fonts-ttf` (Node only). */
  font?: Uint8Array;
  /** TrueType bytes of the bold font; default DejaVu Sans Bold, or `font` when only that is given. */
  boldFont?: Uint8Array;
  /** Called after each page is drawn, with the pages done and the book's page count. */
  onProgress?: (done: number, total: number) => void;
}

/** The most puzzles one book holds: with its keys it stays under POD's 828-page maximum. */
export const MAX_BOOK_PAGES = 400;

/** Checked arguments, every page validated against its kind. */
export interface BookRequest {
  title: string;
  subtitle: string | undefined;
  author: string | undefined;
  trim: Trim;
  pages: (CheckedPage & { title: string | undefined })[];
  bleed: boolean;
  largePrint: boolean;
  watermark: string | undefined;
  includeKeys: boolean;
  embedWholeFont: boolean;
  font: Uint8Array | undefined;
  boldFont: Uint8Array | undefined;
  onProgress: ((done: number, total: number) => void) | undefined;
}

function fail(message: string, path: string): never {
  throw new ActivityError('ACT_INVALID_OPTIONS', message, {
    issues: [{ code: 'ACT_INVALID_OPTIONS', message, path }],
  });
}

function readBytes(value: unknown, path: string): Uint8Array | undefined {
  if (value === undefined || value instanceof Uint8Array) return value;
  return fail(`${path.slice(1)} must be the bytes (Uint8Array) of a TrueType font.`, path);
}

/**
 * Checks every argument of a book and validates every page with its kind's `validate`: the first
 * bad page throws `ACT_INVALID_PAGE` (or `ACT_UNKNOWN_KIND`) naming its index (`/pages/3`), bad
 * options `ACT_INVALID_OPTIONS`. Validating a page of an 80×80 maze takes a few milliseconds, so
 * `pause` (awaited after every page) lets a server keep answering while 400 of them are checked.
 *
 * @example
 * const request = await readBookArgs({ title: 'Puzzles', trim: '6x9', pages }, yieldToEventLoop);
 */
export async function readBookArgs(args: BuildBookArgs, pause: () => Promise<void>): Promise<BookRequest> {
  if (typeof args !== 'object' || args === null)
    fail('buildBookPdf expects an object { title, trim, pages }.', '');
  const title = readText(args.title, 200, '/title') ?? fail('title is required.', '/title');
  const options = args.options ?? {};
  if (typeof options !== 'object' || options === null) fail('options must be an object.', '/options');
  if (!Array.isArray(args.pages) || args.pages.length === 0 || args.pages.length > MAX_BOOK_PAGES) {
    fail(`pages must list 1 to ${MAX_BOOK_PAGES} pages.`, '/pages');
  }
  if (args.onProgress !== undefined && typeof args.onProgress !== 'function')
    fail('onProgress must be a function.', '/onProgress');
  const request = {
    title,
    subtitle: readText(args.subtitle, 200, '/subtitle'),
    author: readText(args.author, 120, '/author'),
    trim: readTrim(args.trim),
    bleed: readFlag(options.bleed, false, '/options/bleed'),
    largePrint: readFlag(options.largePrint, false, '/options/largePrint'),
    watermark: readText(options.watermark, 120, '/options/watermark'),
    includeKeys: readFlag(options.includeKeys, true, '/options/includeKeys'),
    embedWholeFont: readFlag(options.embedWholeFont, false, '/options/embedWholeFont'),
    font: readBytes(args.font, '/font'),
    boldFont: readBytes(args.boldFont, '/boldFont'),
    onProgress: args.onProgress,
  };
  const pages: BookRequest['pages'] = [];
  for (const [index, page] of args.pages.entries()) {
    const at = `/pages/${index}`;
    if (typeof page !== 'object' || page === null)
      fail(`pages[${index}] must be an object { kind, doc }.`, at);
    pages.push({
      ...readPage({ kind: page.kind, doc: page.doc, at }),
      title: readText(page.title, 120, `${at}/title`),
    });
    await pause();
  }
  return { ...request, pages };
}
