import { type GeneratePageArgs, listKinds, type PrintPageArgs, validatePage } from '@svc/activity-core';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import {
  buildBookFor,
  generatePageFor,
  type InlineBookArgs,
  MAX_INLINE_BOOK_PAGES,
  printPageFor,
} from './activity-actions.js';
import {
  BUILD_BOOK_INPUT,
  GENERATE_PAGE_INPUT,
  LIST_KINDS_INPUT,
  PRINT_PAGE_INPUT,
  VALIDATE_PAGE_INPUT,
} from './activity-capability-schemas.js';

const MINUTE = 60_000;
/** Inline books one user may build at once, on every surface (issue 10, defect 5). */
export const MAX_CONCURRENT_BOOKS_PER_USER = 2;

/** Generating takes up to ~0.5 s of CPU (a 16×16 expert sudoku): 30 a minute per client address. */
const GENERATE_RATE = { max: 30, windowMs: MINUTE, per: 'client' } as const;
const PRINT_RATE = { max: 120, windowMs: MINUTE, per: 'client' } as const;

type PrintArgs = Omit<PrintPageArgs, 'watermark'>;
type PrintResult = ReturnType<typeof printPageFor>;
interface BookResult {
  pdfBase64: string;
  bytes: number;
  watermarked: boolean;
}

/**
 * The activity pages capabilities (`activity-pages.*`, MCP tools `listKinds`, `generatePage`,
 * `validatePage`, `printPage`, `buildBook`). Prints and books are watermarked from the caller's
 * membership; the account-only kinds need a signed-in caller (decided in `run`, by kind).
 *
 * @example
 * for (const capability of ACTIVITY_CAPABILITIES) registry.register(capability);
 */
export const ACTIVITY_CAPABILITIES: readonly Capability[] = [
  defineCapability<Record<string, never>, { kinds: ReturnType<typeof listKinds> }>({
    id: 'activity-pages.listKinds',
    plane: 'adapter',
    mcpName: 'listKinds',
    title: 'List puzzle kinds',
    description:
      'Every puzzle kind with its input keys, types, defaults and bounds, and whether it needs an account: { kinds }.',
    input: LIST_KINDS_INPUT,
    policy: { access: 'anyone', meter: 'tool:activity-pages.listKinds', readOnly: true },
    run: async () => ({ kinds: listKinds() }),
  }),
  defineCapability<GeneratePageArgs, ReturnType<typeof generatePageFor>>({
    id: 'activity-pages.generatePage',
    plane: 'adapter',
    mcpName: 'generatePage',
    title: 'Generate a puzzle page',
    description:
      'Generates a page: { kind, seed, doc, summary }. The same seed and input give the same page. sudoku, wordsearch and maze need no account; the other kinds need a signed-in caller.',
    input: GENERATE_PAGE_INPUT,
    policy: {
      access: 'anyone',
      meter: 'tool:activity-pages.generatePage',
      rateLimit: GENERATE_RATE,
      readOnly: true,
    },
    run: async (args, { user }) => generatePageFor(user, args),
  }),
  defineCapability<{ kind: string; doc: unknown }, ReturnType<typeof validatePage>>({
    id: 'activity-pages.validatePage',
    plane: 'adapter',
    mcpName: 'validatePage',
    title: 'Validate a page',
    description: 'Checks that a page is well-formed and consistent: { ok, errors }.',
    input: VALIDATE_PAGE_INPUT,
    policy: { access: 'anyone', meter: 'tool:activity-pages.validatePage', readOnly: true },
    run: async (args) => validatePage(args),
  }),
  defineCapability<PrintArgs, PrintResult>({
    id: 'activity-pages.printPage',
    plane: 'adapter',
    mcpName: 'printPage',
    title: 'Print a page as HTML',
    description:
      'A standalone HTML print document: { html, trim, widthMm, heightMm, watermarked } (over MCP the HTML is an embedded text/html resource). Watermarked without a membership.',
    input: PRINT_PAGE_INPUT,
    policy: {
      access: 'anyone',
      meter: 'tool:activity-pages.printPage',
      rateLimit: PRINT_RATE,
      readOnly: true,
    },
    run: async (args, { user }) => printPageFor(user, args),
    toMcpContent: ({ html, ...meta }, args) => ({
      value: meta,
      resources: [{ uri: `svc://activity/print/${args.kind}.html`, mimeType: 'text/html', text: html }],
    }),
  }),
  defineCapability<InlineBookArgs, BookResult>({
    id: 'activity-pages.buildBook',
    plane: 'adapter',
    mcpName: 'buildBook',
    title: 'Build a book PDF',
    description: `Builds a PDF book from 1–${MAX_INLINE_BOOK_PAGES} inline pages (title page, puzzles, answer keys): { pdfBase64, bytes, watermarked } (over MCP the PDF is an embedded application/pdf resource). Needs a signed-in caller; saved books go through the export jobs of /api/activity/books.`,
    input: BUILD_BOOK_INPUT,
    policy: {
      access: 'account',
      meter: 'tool:activity-pages.buildBook',
      concurrency: { perUser: MAX_CONCURRENT_BOOKS_PER_USER },
      readOnly: true,
    },
    run: async (args, { user }) => {
      const { pdf, watermarked } = await buildBookFor(user, args);
      return { pdfBase64: Buffer.from(pdf).toString('base64'), bytes: pdf.byteLength, watermarked };
    },
    toMcpContent: ({ pdfBase64, ...meta }) => ({
      value: meta,
      resources: [{ uri: 'svc://activity/book.pdf', mimeType: 'application/pdf', blob: pdfBase64 }],
    }),
  }),
];
