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

/**
 * An argument accepted under several names: the schema declares every name (so a strict
 * validator such as the server's registry accepts each alias and refuses anything else), and
 * the tool reads them in this order.
 */
function aliased(names: readonly string[], schema: JsonSchema): Record<string, JsonSchema> {
  const [primary, ...aliases] = names;
  const properties: Record<string, JsonSchema> = {
    [primary as string]: {
      ...schema,
      description: `${String(schema.description ?? '')}${aliases.length ? ` (aliases: ${aliases.join(', ')})` : ''}`,
    },
  };
  for (const alias of aliases) properties[alias] = { ...schema, description: `Alias of ${primary}.` };
  return properties;
}

/** A tool's argument object: every accepted name declared, nothing else. */
function argumentsSchema(...groups: Record<string, JsonSchema>[]): JsonSchema {
  return { type: 'object', properties: Object.assign({}, ...groups), additionalProperties: false };
}

const QUERY = ['query', 'q', 'search', 'text'] as const;
const PACKAGE = ['package', 'pkg'] as const;
const LIMIT = ['limit', 'max', 'k'] as const;
const OFFSET = ['offset', 'skip'] as const;
const PAGE_ID = ['id', 'page', 'pageId', 'page_id', 'path'] as const;
const SYMBOL = ['name', 'symbol', 'q', 'query'] as const;
const TASK = ['task', 'question', 'q', 'query'] as const;
const PATTERN = ['pattern', 'q', 'query', 'text'] as const;
const REGEX = ['regex', 'isRegex'] as const;
const CASE_SENSITIVE = ['caseSensitive', 'case_sensitive'] as const;
const GREP_PAGE = ['page', 'id', 'pageId'] as const;

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
    inputSchema: argumentsSchema(
      aliased(QUERY, { type: 'string', description: 'Words, a phrase or an identifier.' }),
      { kind: { type: 'string', enum: [...PAGE_KINDS], description: 'Only pages of this kind.' } },
      aliased(PACKAGE, { type: 'string', description: 'Only pages of this package, e.g. @svc/gate.' }),
      aliased(LIMIT, limitSchema(50)),
      aliased(OFFSET, { type: ['integer', 'string'], description: 'Skip this many results.' }),
    ),
    annotations,
    run(args, reader) {
      const kind = readKind(args);
      const pkg = readString(args, PACKAGE);
      const limit = readInteger(args, LIMIT);
      const offset = readInteger(args, OFFSET);
      return reader.search({
        query: readString(args, QUERY, true),
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
    inputSchema: argumentsSchema(
      aliased(PAGE_ID, { type: 'string', description: 'The page id, e.g. gate/auth or api/spec-toolkit.' }),
    ),
    annotations,
    run(args, reader) {
      const { page, markdown } = reader.getPage(readString(args, PAGE_ID, true));
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
    inputSchema: argumentsSchema(
      { layer: { type: 'string', description: 'Only this layer: library or app.' } },
      aliased(LIMIT, limitSchema(200)),
    ),
    annotations,
    run(args, reader) {
      const layer = readString(args, ['layer']);
      const limit = readInteger(args, LIMIT);
      return reader.listPackages({ ...(layer ? { layer } : {}), ...(limit === undefined ? {} : { limit }) });
    },
  },
  {
    name: 'getSymbol',
    title: 'Find where an exported symbol is documented',
    description:
      'Which page and section document an exported name (function, class, type, constant), with its signature and summary. Exact first, then case-insensitive; suggestions when missing.',
    inputSchema: argumentsSchema(
      aliased(SYMBOL, { type: 'string', description: 'The exported name, e.g. validate.' }),
    ),
    annotations,
    run(args, reader) {
      return reader.getSymbol(readString(args, SYMBOL, true));
    },
  },
  {
    name: 'howDoI',
    title: 'How do I …?',
    description:
      'A task question (e.g. "rotate an API key") answered with the best guide or how-to sections (falling back to reference sections), each excerpted as markdown.',
    inputSchema: argumentsSchema(
      aliased(TASK, { type: 'string', description: 'What you want to do.' }),
      aliased(LIMIT, limitSchema(10)),
    ),
    annotations,
    run(args, reader) {
      const limit = readInteger(args, LIMIT);
      return reader.howDoI({
        task: readString(args, TASK, true),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  },
  {
    name: 'grepDocs',
    title: 'Grep the documentation',
    description:
      'Exact (default) or regular-expression search of page text, line by line, with page ids and line numbers. Regular expressions use RE2 syntax and match in linear time (no backreferences or lookaround). Bounded: patterns up to 200 characters, at most 500 lines, a 200 ms budget.',
    inputSchema: argumentsSchema(
      aliased(PATTERN, { type: 'string', description: 'Text or a regular expression.' }),
      aliased(REGEX, { type: ['boolean', 'string'], description: 'Treat pattern as a regular expression.' }),
      aliased(CASE_SENSITIVE, {
        type: ['boolean', 'string'],
        description: 'Match case (default: ignore case).',
      }),
      aliased(GREP_PAGE, { type: 'string', description: 'Only this page id.' }),
      aliased(LIMIT, limitSchema(500)),
    ),
    annotations,
    run(args, reader) {
      const regex = readBoolean(args, REGEX);
      const caseSensitive = readBoolean(args, CASE_SENSITIVE);
      const page = readString(args, GREP_PAGE);
      const limit = readInteger(args, LIMIT);
      return reader.grep({
        pattern: readString(args, PATTERN, true),
        ...(regex === undefined ? {} : { regex }),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        ...(page ? { page } : {}),
        ...(limit === undefined ? {} : { limit }),
      });
    },
  },
];
