import {
  type BookPageInput,
  buildBookPdf,
  type GeneratedPage,
  type GeneratePageArgs,
  generatePage,
  type PrintPageArgs,
  type PrintPageResult,
  printPage,
  type TrimName,
} from '@svc/activity-core';
import type { RequestUser } from '@svc/gate';
import { assertMayGenerate, readWatermark } from './activity-access.js';

/** Most pages a book built in one call (adapter, MCP) may have; larger books go through the export jobs. */
export const MAX_INLINE_BOOK_PAGES = 100;

/** A book given inline, as the adapter and the MCP tool take it. */
export interface InlineBookArgs {
  title: string;
  subtitle?: string;
  author?: string;
  trim: TrimName;
  pages: BookPageInput[];
  options?: { bleed?: boolean; largePrint?: boolean; includeKeys?: boolean };
}

/**
 * Generates a page for `user`, refusing the account-only kinds to anonymous callers
 * (`GATE_UNAUTHENTICATED`); core errors (`ACT_*`) pass through.
 *
 * @example
 * generatePageFor(request.user, { kind: 'maze', input: { width: 20 }, seed: 7 });
 */
export function generatePageFor(user: RequestUser | null, args: GeneratePageArgs): GeneratedPage {
  assertMayGenerate(args.kind, user);
  return generatePage(args);
}

/**
 * Prints a page for `user`: the watermark is decided here, from the caller's membership, and
 * cannot be chosen by the caller.
 *
 * @example
 * const { html, watermarked } = printPageFor(null, { kind: 'sudoku', doc, trim: 'A4' });
 */
export function printPageFor(
  user: RequestUser | null,
  args: Omit<PrintPageArgs, 'watermark'>,
): PrintPageResult & { watermarked: boolean } {
  const watermark = readWatermark(user);
  const { watermark: _ignored, ...rest } = args as PrintPageArgs;
  const result = printPage({ ...rest, ...(watermark ? { watermark } : {}) });
  return { ...result, watermarked: watermark !== undefined };
}

/**
 * Builds a PDF of an inline book for `user` (watermarked like prints), at most
 * {@link MAX_INLINE_BOOK_PAGES} pages.
 *
 * @example
 * const { pdf } = await buildBookFor(user, { title: 'Puzzles', trim: '6x9', pages: [{ kind, doc }] });
 */
export async function buildBookFor(
  user: RequestUser | null,
  args: InlineBookArgs,
): Promise<{ pdf: Uint8Array; watermarked: boolean }> {
  const watermark = readWatermark(user);
  const pdf = await buildBookPdf({
    title: args.title,
    trim: args.trim,
    pages: args.pages.slice(0, MAX_INLINE_BOOK_PAGES),
    ...(args.subtitle === undefined ? {} : { subtitle: args.subtitle }),
    ...(args.author === undefined ? {} : { author: args.author }),
    options: { ...args.options, ...(watermark ? { watermark } : {}) },
  });
  return { pdf, watermarked: watermark !== undefined };
}
