import { documentSchema } from '../contracts/document-schema.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';
import { TRIM_ENUM } from './activity-route-schemas.js';

/** The most pages one book holds (the core's limit: with its keys it stays under POD's 828-page maximum). */
export const MAX_BOOK_PAGES = 400;

const ID = { type: 'string', minLength: 1, maxLength: 128 } as const;
const bookParams = { type: 'object', required: ['id'], properties: { id: ID } } as const;

const bookOptions = {
  type: 'object',
  additionalProperties: false,
  properties: {
    bleed: { type: 'boolean', description: 'Pages 0.125 in larger on three sides, for print on demand.' },
    largePrint: { type: 'boolean', description: 'Grid text at least 18 pt.' },
    includeKeys: { type: 'boolean', description: 'Answer keys grouped at the back (default true).' },
  },
} as const;

const bookFields = {
  title: { type: 'string', minLength: 1, maxLength: 200 },
  subtitle: { type: 'string', minLength: 1, maxLength: 200 },
  author: { type: 'string', minLength: 1, maxLength: 120 },
  trim: { type: 'string', enum: TRIM_ENUM },
  pageIds: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_BOOK_PAGES,
    items: ID,
    description: "Ids of the caller's saved pages (activity_pages), in book order.",
  },
  options: bookOptions,
} as const;

/** A saved book: a document of `activity_books`. */
export const bookSchema = {
  ...documentSchema,
  required: [...documentSchema.required, 'title', 'trim', 'pageIds'],
  properties: { ...documentSchema.properties, ...bookFields },
} as const;

/** An export job as its owner sees it. */
export const jobSchema = {
  type: 'object',
  required: [
    'id',
    'bookId',
    'status',
    'attempts',
    'progress',
    'pagesDone',
    'pagesTotal',
    'error',
    'fileSize',
    'watermarked',
    'createdAt',
    'updatedAt',
    'startedAt',
    'finishedAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    bookId: { type: 'string' },
    status: { type: 'string', enum: ['queued', 'running', 'done', 'error'] },
    attempts: { type: 'integer', description: 'Times a worker took the job.' },
    progress: {
      type: 'integer',
      minimum: 0,
      maximum: 100,
      description:
        'Percent done: pages drawn of the total while running (at most 99), 100 once the PDF is stored.',
    },
    pagesDone: {
      type: ['integer', 'null'],
      minimum: 0,
      description:
        'PDF pages drawn so far (title page, puzzles and answer keys count); the total once done; null until the build has drawn its first page.',
    },
    pagesTotal: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'PDF pages the book will have; null until the build has drawn its first page.',
    },
    error: { type: ['string', 'null'], description: 'Why the export failed (status error).' },
    fileSize: { type: ['integer', 'null'], description: 'Bytes of the PDF (status done).' },
    watermarked: { type: 'boolean' },
    createdAt: { type: 'integer', description: 'Epoch milliseconds.' },
    updatedAt: { type: 'integer' },
    startedAt: { type: ['integer', 'null'] },
    finishedAt: { type: ['integer', 'null'] },
  },
} as const;

const jobBody = { type: 'object', required: ['job'], properties: { job: jobSchema } } as const;

export const createBookSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['activity'],
  summary: "Save a book of the caller's own saved pages in activity_books",
  body: {
    type: 'object',
    required: ['title', 'trim', 'pageIds'],
    additionalProperties: false,
    properties: bookFields,
  },
  response: {
    201: { type: 'object', required: ['book'], properties: { book: bookSchema } },
    ...commonErrorResponses,
  },
} as const;

export const exportBookSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['activity'],
  summary:
    "Queue a PDF export of one of the caller's books (returns the active job if one is queued or running)",
  description: 'Charged the tool:activity-pages.exportBook price (402 GATE_INSUFFICIENT_BALANCE when short).',
  params: bookParams,
  response: { 202: jobBody, ...commonErrorResponses, 402: errorResponseSchema },
} as const;

export const bookFileSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['activity'],
  summary: "Download the PDF of one of the caller's books once its latest export is done",
  description:
    "200 the PDF; 202 `{ job }` while the export is queued or running; 409 ACT_EXPORT_FAILED (details.job) when it failed; 404 ACT_NOT_EXPORTED when the book was never exported, GATE_NOT_FOUND when the book is not the caller's; 503 ACT_STORAGE_UNAVAILABLE when the object storage (S3) does not answer.",
  params: bookParams,
  response: {
    200: {
      description: 'The PDF (attachment).',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    },
    202: jobBody,
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;

export const deleteBookSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['activity'],
  summary: "Delete one of the caller's books (admins: anyone's), with its export jobs and PDFs",
  description:
    'The same as `DELETE /db/activity_books/{id}`: the book goes through the data layer, and its exports go with it.',
  params: bookParams,
  response: { 204: { description: 'Deleted.', type: 'null' }, ...commonErrorResponses },
} as const;
