import { DocsError } from '../errors.js';
import type { DocsReader } from '../reader/create-docs-reader.js';
import { PAGE_KINDS, type PageKind } from '../types.js';
import { readBoolean, readInteger, readString, type ToolArguments } from './tool-arguments.js';

/** A JSON Schema object, as MCP `inputSchema` and the capability registry take it. */
export type JsonSchema = Record<string, unknown>;

/**
 * One docs tool, defined once: the MCP server (`svc mcp`), the server's capability registry and
 * any other surface translate this, never redefine it. Every docs tool is read-only.
 */
export interface DocsTool {
  name: 'searchDocs' | 'getPage' | 'listPackages' | 'getSymbol' | 'howDoI' | 'grepDocs';
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { readOnlyHint: true; idempotentHint: true; openWorldHint: false };
  /** Runs the tool; throws `DocsError` for bad arguments or a miss. */
  run(args: ToolArguments, reader: DocsReader): unknown;
  /** The text content an MCP client shows (JSON of the result unless the tool says otherwise). */
  toText?(result: unknown): string;
}

const annotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false } as const;
const limitSchema = (max: number) => ({ type: ['integer', 'string'], description: `How many (1–${max}).` });

function readKind(args: ToolArguments): PageKind | undefined {
  const kind = readString(args, ['kind', 'type']);
  if (kind === undefined) return undefined;
  if (!(PAGE_KINDS as readonly string[]).includes(kind)) {
    throw new DocsError('DOCS_INVALID_ARGUMENT', `kind must be one of ${PAGE_KINDS.join(', ')}.`, {
      details: { kind },
    });
  }
  return kind as PageKind;
}

/**
 * The docs tools: `searchDocs`, `getPage`, `listPackages`, `getSymbol`, `howDoI`, `grepDocs`.
 * Argument names are lenient (`q` or `query`, `id` or `page`, …); schemas list the aliases.
 *
 * @example
 * const tool = DOCS_TOOLS.find((candidate) => candidate.name === 'searchDocs');
 * tool?.run({ q: 'rate limits' }, reader);
 */
export const DOCS_TOOLS: readonly DocsTool[] = [
  {
    name: 'searchDocs',
    title: 'Search the documentation',
    description:
      'Full-text search (BM25F over titles, headings, exported symbols and text; prefix and typo tolerant) of the reference pages. Each result is a page with its best section anchor, a snippet with matches in **bold** and why it matched. An exact page title or symbol name ranks first.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words, a phrase or an identifier (alias: q).' },
        q: { type: 'string', description: 'Alias of query.' },
        kind: { type: 'string', enum: [...PAGE_KINDS], description: 'Only pages of this kind.' },
        package: { type: 'string', description: 'Only pages of this package, e.g. @svc/gate.' },
        limit: limitSchema(50),
        offset: { type: ['integer', 'string'], description: 'Skip this many results.' },
      },
    },
    annotations,
    run(args, reader) {
      const kind = readKind(args);
      const pkg = readString(args, ['package', 'pkg']);
      const limit = readInteger(args, ['limit', 'max', 'k']);
      const offset = readInteger(args, ['offset', 'skip']);
      return reader.search({
        query: readString(args, ['query', 'q', 'search', 'text'], true),
        ...(kind ? { kind } : {}),
        ...(pkg ? { package: pkg } : {}),
        ...(limit === undefined ? {} : { limit }),
        ...(offset === undefined ? {} : { offset }),
      });
    },
  },
  {
    name: 'getPage',
    title: 'Read a documentation page',
    description:
      'One page as markdown with its provenance (source file, commit, build time), headings (section anchors) and links. Unknown ids fail with suggestions.',
    inputSchema: {
      type: 'object',
      properties: {
        id: {
          type: 'string',
          description: 'The page id, e.g. gate/auth or api/spec-toolkit (aliases: page, pageId, page_id).',
        },
        page: { type: 'string', description: 'Alias of id.' },
        pageId: { type: 'string', description: 'Alias of id.' },
        page_id: { type: 'string', description: 'Alias of id.' },
      },
    },
    annotations,
    run(args, reader) {
      const { page, markdown } = reader.getPage(
        readString(args, ['id', 'page', 'pageId', 'page_id', 'path'], true),
      );
      const { body: _body, ...meta } = page;
      return { ...meta, markdown };
    },
    toText(result) {
      return (result as { markdown: string }).markdown;
    },
  },
  {
    name: 'listPackages',
    title: 'List packages',
    description:
      'The packages and apps: layer (library or app), description, dependencies, who uses them, their pages and API page.',
    inputSchema: {
      type: 'object',
      properties: {
        layer: { type: 'string', description: 'Only this layer: library or app.' },
        limit: limitSchema(200),
      },
    },
    annotations,
    run(args, reader) {
      const layer = readString(args, ['layer']);
      const limit = readInteger(args, ['limit', 'max']);
      return reader.listPackages({ ...(layer ? { layer } : {}), ...(limit === undefined ? {} : { limit }) });
    },
  },
  {
    name: 'getSymbol',
    title: 'Find where an exported symbol is documented',
    description:
      'Which page and section document an exported name (function, class, type, constant), with its signature and summary. Exact first, then case-insensitive; suggestions when missing.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'The exported name, e.g. validate (aliases: symbol, q).' },
        symbol: { type: 'string', description: 'Alias of name.' },
      },
    },
    annotations,
    run(args, reader) {
      return reader.getSymbol(readString(args, ['name', 'symbol', 'q', 'query'], true));
    },
  },
  {
    name: 'howDoI',
    title: 'How do I …?',
    description:
      'A task question (e.g. "rotate an API key") answered with the best guide or how-to sections (falling back to reference sections), each excerpted as markdown.',
    inputSchema: {
      type: 'object',
      properties: {
        task: { type: 'string', description: 'What you want to do (aliases: question, q, query).' },
        question: { type: 'string', description: 'Alias of task.' },
        limit: limitSchema(10),
      },
    },
    annotations,
    run(args, reader) {
      const limit = readInteger(args, ['limit', 'max']);
      return reader.howDoI({
        task: readString(args, ['task', 'question', 'q', 'query'], true),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  },
  {
    name: 'grepDocs',
    title: 'Grep the documentation',
    description:
      'Exact (default) or regular-expression search of page text, line by line, with page ids and line numbers. Bounded: patterns up to 200 characters, no nested quantifiers or backreferences, at most 500 lines, a 200 ms budget.',
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Text or a regular expression (aliases: q, query).' },
        regex: { type: ['boolean', 'string'], description: 'Treat pattern as a regular expression.' },
        caseSensitive: { type: ['boolean', 'string'], description: 'Match case (default: ignore case).' },
        page: { type: 'string', description: 'Only this page id.' },
        limit: limitSchema(500),
      },
    },
    annotations,
    run(args, reader) {
      const regex = readBoolean(args, ['regex', 'isRegex']);
      const caseSensitive = readBoolean(args, ['caseSensitive', 'case_sensitive']);
      const page = readString(args, ['page', 'id', 'pageId']);
      const limit = readInteger(args, ['limit', 'max']);
      return reader.grep({
        pattern: readString(args, ['pattern', 'q', 'query', 'text'], true),
        ...(regex === undefined ? {} : { regex }),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        ...(page ? { page } : {}),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  },
];
