import {
  type GeneratePageArgs,
  listKinds,
  type PrintPageArgs,
  TRIMS,
  validatePage,
} from '@svc/activity-core';
import {
  buildBookFor,
  generatePageFor,
  type InlineBookArgs,
  MAX_INLINE_BOOK_PAGES,
  printPageFor,
} from '../activity/activity-actions.js';
import { toActivityErrorPayload } from '../activity/activity-errors.js';
import { AdapterError } from './adapter-error.js';
import { type AdapterDefinition, defineAdapterFunction, type JsonSchema } from './adapter-types.js';

function argsObject(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', required, properties, additionalProperties: false };
}

const KIND: JsonSchema = { type: 'string', minLength: 1, maxLength: 40 };
const DOC: JsonSchema = { type: 'object', additionalProperties: true };
const TRIM: JsonSchema = { type: 'string', enum: Object.keys(TRIMS) };
const PAGE: JsonSchema = argsObject({ kind: KIND, doc: DOC, title: { type: 'string', maxLength: 120 } }, [
  'kind',
  'doc',
]);

/**
 * Runs an activity call, turning the core's errors into `ADAPTER_INVALID_ARGS` (400) with the
 * core's code and issues in `details`: to the adapter route every refusal by the core is a bad
 * argument.
 */
async function translating<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const payload = toActivityErrorPayload(error);
    if (!payload) throw error;
    throw new AdapterError('ADAPTER_INVALID_ARGS', payload.message, {
      details: { code: payload.code, ...payload.details },
    });
  }
}

/**
 * The `activity-pages` adapter: the activity core's verbs at `/api/adapters/activity-pages/{fn}`.
 * `printPage` and `buildBook` watermark like the HTTP routes (from the caller's membership);
 * `buildBook` takes the pages inline (at most {@link MAX_INLINE_BOOK_PAGES}) and returns the PDF
 * as base64 — saved books go through the export jobs of `/api/activity/books` instead.
 *
 * @example
 * createAdapterRegistry([...BUILT_IN_ADAPTERS, activityAdapter]).get('activity-pages', 'generatePage');
 */
export const activityAdapter: AdapterDefinition = {
  system: 'activity-pages',
  description:
    'Generate, validate and print puzzle pages (sudoku, word search, maze, …) and build books as PDF.',
  functions: {
    listKinds: defineAdapterFunction<Record<string, never>>({
      description: 'Every puzzle kind with its input keys, types, defaults and bounds: { kinds }.',
      argsSchema: argsObject({}),
      run: async () => ({ kinds: listKinds() }),
    }),
    generatePage: defineAdapterFunction<GeneratePageArgs>({
      description:
        'Generates a page: { kind, seed, doc, summary }. The same seed and input give the same page.',
      argsSchema: argsObject(
        {
          kind: KIND,
          input: { type: 'object', additionalProperties: true },
          seed: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'number' }] },
        },
        ['kind'],
      ),
      run: (args, { user }) => translating(() => generatePageFor(user, args)),
    }),
    validatePage: defineAdapterFunction<{ kind: string; doc: unknown }>({
      description: 'Checks a page is well-formed and consistent: { ok, errors }.',
      argsSchema: argsObject({ kind: KIND, doc: DOC }, ['kind', 'doc']),
      run: async (args) => validatePage(args),
    }),
    printPage: defineAdapterFunction<Omit<PrintPageArgs, 'watermark'>>({
      description:
        'A standalone HTML print document: { html, trim, widthMm, heightMm, watermarked }. Watermarked without a membership.',
      argsSchema: argsObject(
        {
          kind: KIND,
          doc: DOC,
          trim: TRIM,
          key: { type: 'boolean' },
          largePrint: { type: 'boolean' },
          title: { type: 'string', maxLength: 120 },
        },
        ['kind', 'doc', 'trim'],
      ),
      run: (args, { user }) => translating(() => printPageFor(user, args)),
    }),
    buildBook: defineAdapterFunction<InlineBookArgs>({
      description: `Builds a book PDF from inline pages (1–${MAX_INLINE_BOOK_PAGES}): { pdfBase64, bytes, watermarked }.`,
      argsSchema: argsObject(
        {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          subtitle: { type: 'string', maxLength: 200 },
          author: { type: 'string', maxLength: 120 },
          trim: TRIM,
          pages: { type: 'array', minItems: 1, maxItems: MAX_INLINE_BOOK_PAGES, items: PAGE },
          options: argsObject({
            bleed: { type: 'boolean' },
            largePrint: { type: 'boolean' },
            includeKeys: { type: 'boolean' },
          }),
        },
        ['title', 'trim', 'pages'],
      ),
      run: (args, { user }) =>
        translating(async () => {
          const { pdf, watermarked } = await buildBookFor(user, args);
          return { pdfBase64: Buffer.from(pdf).toString('base64'), bytes: pdf.byteLength, watermarked };
        }),
    }),
  },
};
