import type { McpServer } from '@modelcontextprotocol/server';
import { listKinds, TRIMS, type TrimName, validatePage } from '@svc/activity-core';
import { GateError } from '@svc/gate';
import { z } from 'zod';
import {
  buildBookFor,
  generatePageFor,
  MAX_INLINE_BOOK_PAGES,
  printPageFor,
} from '../activity/activity-actions.js';
import { type McpToolContext, runTool, toJsonResult } from './mcp-tools.js';

const kind = z
  .string()
  .min(1)
  .max(40)
  .describe('A puzzle kind from listKinds (sudoku, wordsearch, maze, …).');
const doc = z.record(z.string(), z.unknown()).describe('The page as generatePage returned it (page.doc).');
const trim = z.enum(Object.keys(TRIMS) as [TrimName, ...TrimName[]]).describe('Paper size.');

const generateInput = z.object({
  kind,
  input: z.record(z.string(), z.unknown()).optional().describe("The kind's input keys (see listKinds)."),
  seed: z
    .union([z.string().max(200), z.number()])
    .optional()
    .describe('Same seed and input, same page.'),
});
const validateInput = z.object({ kind, doc });
const printInput = z.object({
  kind,
  doc,
  trim,
  key: z.boolean().optional().describe('Print the answer key.'),
  largePrint: z.boolean().optional().describe('Grid text at least 18 pt.'),
  title: z.string().min(1).max(120).optional(),
});
const bookInput = z.object({
  title: z.string().min(1).max(200),
  subtitle: z.string().min(1).max(200).optional(),
  author: z.string().min(1).max(120).optional(),
  trim,
  pages: z
    .array(z.object({ kind, doc, title: z.string().min(1).max(120).optional() }))
    .min(1)
    .max(MAX_INLINE_BOOK_PAGES),
  options: z
    .object({
      bleed: z.boolean().optional(),
      largePrint: z.boolean().optional(),
      includeKeys: z.boolean().optional(),
    })
    .optional(),
});

/**
 * The activity pages tools: `listKinds`, `generatePage`, `validatePage`, `printPage` and
 * `buildBook`, with the HTTP routes' rules — the account-only kinds and `buildBook` need a
 * signed-in caller; prints and books are watermarked without a membership. Results are JSON
 * text; `printPage` adds the HTML and `buildBook` the PDF as embedded resources.
 *
 * @example
 * const server = new McpServer({ name: 'svc', version: '0.1.0' });
 * registerActivityTools(server, { user, app, log });
 */
export function registerActivityTools(server: McpServer, context: McpToolContext): void {
  server.registerTool(
    'listKinds',
    {
      title: 'List puzzle kinds',
      description:
        'Every puzzle kind with its input keys, types, defaults and bounds, and whether it needs an account.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    async () => runTool(context, () => toJsonResult({ kinds: listKinds() })),
  );
  server.registerTool(
    'generatePage',
    {
      title: 'Generate a puzzle page',
      description:
        'Generates a page: { kind, seed, doc, summary }. sudoku, wordsearch and maze need no account; the other kinds need a signed-in caller.',
      inputSchema: generateInput,
      annotations: { readOnlyHint: true },
    },
    async (args) => runTool(context, () => toJsonResult(generatePageFor(context.user, args))),
  );
  server.registerTool(
    'validatePage',
    {
      title: 'Validate a page',
      description: 'Checks that a page is well-formed and consistent: { ok, errors }.',
      inputSchema: validateInput,
      annotations: { readOnlyHint: true },
    },
    async (args) => runTool(context, () => toJsonResult(validatePage(args))),
  );
  server.registerTool(
    'printPage',
    {
      title: 'Print a page as HTML',
      description:
        'A standalone HTML print document (embedded text/html resource) and { trim, widthMm, heightMm, watermarked }. Watermarked without a membership.',
      inputSchema: printInput,
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      runTool(context, () => {
        const { html, ...meta } = printPageFor(context.user, args);
        return toJsonResult(meta, [
          {
            type: 'resource',
            resource: { uri: `svc://activity/print/${args.kind}.html`, mimeType: 'text/html', text: html },
          },
        ]);
      }),
  );
  server.registerTool(
    'buildBook',
    {
      title: 'Build a book PDF',
      description: `Builds a PDF book from 1–${MAX_INLINE_BOOK_PAGES} pages (title page, puzzles, answer keys): { bytes, watermarked } and the PDF as an embedded application/pdf resource. Needs a signed-in caller.`,
      inputSchema: bookInput,
      annotations: { readOnlyHint: true },
    },
    async (args) =>
      runTool(context, async () => {
        if (context.user === null) {
          throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key to build books.');
        }
        const { pdf, watermarked } = await buildBookFor(context.user, args);
        const blob = Buffer.from(pdf).toString('base64');
        return toJsonResult({ bytes: pdf.byteLength, watermarked }, [
          {
            type: 'resource',
            resource: { uri: 'svc://activity/book.pdf', mimeType: 'application/pdf', blob },
          },
        ]);
      }),
  );
}
