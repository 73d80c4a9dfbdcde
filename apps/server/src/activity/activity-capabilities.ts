import { type GeneratePageArgs, listKinds, type PrintPageArgs, validatePage } from '@svc/activity-core';
import { type Gate, GateError } from '@svc/gate';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { readWatermark } from './activity-access.js';
import {
  buildBookFor,
  generatePageFor,
  type InlineBookArgs,
  MAX_INLINE_BOOK_PAGES,
  printPageFor,
} from './activity-actions.js';
import { readOwnDocument } from './activity-book-access.js';
import { jobSchema } from './activity-book-schemas.js';
import {
  BUILD_BOOK_INPUT,
  EXPORT_BOOK_INPUT,
  GENERATE_PAGE_INPUT,
  LIST_KINDS_INPUT,
  PRINT_PAGE_INPUT,
  VALIDATE_PAGE_INPUT,
} from './activity-capability-schemas.js';
import { type ActivityJob, toActivityJob } from './activity-job.js';
import { BOOK_COLLECTION } from './book-export.js';
import type { ActivityServices } from './create-activity-services.js';

const MINUTE = 60_000;
/** Inline books one user may build at once, on every surface (issue 10, defect 5). */
export const MAX_CONCURRENT_BOOKS_PER_USER = 2;

/** Generating takes up to ~0.5 s of CPU (a 16×16 expert sudoku): 30 a minute per client address. */
const GENERATE_RATE = { max: 30, windowMs: MINUTE, per: 'client' } as const;
const PRINT_RATE = { max: 120, windowMs: MINUTE, per: 'client' } as const;
/** Each export queues a job for the one worker: 30 a minute per client address (automations: per owner). */
const EXPORT_RATE = { max: 30, windowMs: MINUTE, per: 'client' } as const;
/** Queued and running exports one owner may have at once (the worker runs one job at a time for everyone). */
export const MAX_ACTIVE_EXPORTS_PER_OWNER = 5;

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

/** What `activity-pages.exportBook` needs: the data layer (ownership), the job store and the workers' wake-up. */
export interface ExportBookServices extends Pick<ActivityServices, 'jobs'> {
  data: Gate['data'];
  /** Wakes the export workers (this instance's, and over the broadcast every other's). */
  worker: Pick<ActivityServices['worker'], 'wake'>;
}

/**
 * `activity-pages.exportBook` (MCP tool `exportBook`): queues a PDF export of one of the caller's
 * saved books (admins: anyone's; another user's book is `GATE_NOT_FOUND`) and answers `{ job }`
 * — the book's active job when one is already queued or running. At most
 * {@link MAX_ACTIVE_EXPORTS_PER_OWNER} exports wait per owner (`GATE_RATE_LIMITED`). The route
 * `POST /api/activity/books/{id}/export` is this capability on the `area-route` surface.
 *
 * @example
 * registry.register(createExportBookCapability({ data: gate.data, jobs, worker }));
 */
export function createExportBookCapability(services: ExportBookServices): Capability {
  const { data, jobs, worker } = services;
  return defineCapability<{ bookId: string }, { job: ActivityJob }>({
    id: 'activity-pages.exportBook',
    plane: 'adapter',
    mcpName: 'exportBook',
    title: 'Export a saved book as PDF',
    description: `Queues a PDF export of one of the caller's saved books (activity_books): { job } with its status (queued, running, done, error) and progress; the active job when one is already queued or running. Download the PDF from GET /api/activity/books/{bookId}/file once the job is done. At most ${MAX_ACTIVE_EXPORTS_PER_OWNER} exports wait per owner. Watermarked without a membership.`,
    input: EXPORT_BOOK_INPUT,
    output: { type: 'object', required: ['job'], properties: { job: jobSchema } },
    policy: { access: 'account', meter: 'tool:activity-pages.exportBook', rateLimit: EXPORT_RATE },
    async run({ bookId }, { user }) {
      // The policy has required an account; this narrows the type and fails closed.
      if (user === null) throw new TypeError('activity-pages.exportBook ran without a caller');
      const book = await readOwnDocument(data, user, { collection: BOOK_COLLECTION, id: bookId });
      const latest = await jobs.findLatest(book.id);
      const active = latest?.status === 'queued' || latest?.status === 'running';
      if (!active && (await jobs.countActive(book.owner)) >= MAX_ACTIVE_EXPORTS_PER_OWNER) {
        throw new GateError(
          'GATE_RATE_LIMITED',
          `At most ${MAX_ACTIVE_EXPORTS_PER_OWNER} exports can wait at once; try again when one is done.`,
        );
      }
      const { job, created } = await jobs.enqueue({
        bookId: book.id,
        owner: book.owner,
        watermark: readWatermark(user) ?? null,
      });
      if (created) worker.wake();
      return { job: toActivityJob(job) };
    },
  });
}
