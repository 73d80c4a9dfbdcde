import type { DocsReader } from '@svc/docs-reader';
import {
  type Capability,
  type CapabilityProvider,
  defineCapability,
} from '../capabilities/capability-types.js';

/** The id of the vendor-neutral docs search. */
export const DOCS_SEARCH_ID = 'docs.search';

/** The one provider of `docs.search` here: the built-in index of the docs site. */
export const DOCS_READER_PROVIDER = 'docs-reader';

interface SearchArgs {
  query: string;
  limit: number;
}

/** One hit, vendor-neutral: what any search provider can answer. */
export interface DocsSearchHit {
  title: string;
  url: string;
  snippet: string;
  score: number;
}

/** What `docs.search` answers. */
export interface DocsSearchResult {
  results: DocsSearchHit[];
  provider: string;
}

/** What `docs.search` is served by. */
export interface DocsSearchOptions {
  /** The docs site's reader (opened, or built, on first use; `DOCS_UNAVAILABLE` when it cannot be). */
  reader(): Promise<DocsReader>;
  /** Whether the docs site is there to search (`PROVIDERS FOR docs.search`). */
  describe(): CapabilityProvider;
  /** The absolute URL of a page section on the docs site. */
  urlOf(pageId: string, anchor: string): string;
  /** Calls per client address and minute: the docs tools' own limit. */
  callsPerMinute: number;
}

/**
 * `docs.search`, plane `capability`: the vendor-neutral search interface `{ query, limit? }` →
 * `{ results: [{ title, url, snippet, score }], provider }`, served by the built-in index of the
 * docs site through the reader's one `search` (the same function behind `docs.searchDocs` and
 * `GET /api/docs/search`; nothing is searched twice or differently). Anyone, read-only.
 *
 * @example
 * registry.register(createDocsSearchCapability({ reader, describe, urlOf, callsPerMinute: 120 }));
 */
export function createDocsSearchCapability(options: DocsSearchOptions): Capability {
  return defineCapability<SearchArgs, DocsSearchResult>({
    id: DOCS_SEARCH_ID,
    plane: 'capability',
    title: 'Search the documentation (vendor-neutral)',
    description:
      'Searches this install’s documentation: { results: [{ title, url, snippet, score }], provider }. Snippets mark matches in **bold**; url is the page section on the docs site. For filters by kind or package, docs.searchDocs.',
    input: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: {
        query: {
          type: 'string',
          minLength: 1,
          maxLength: 500,
          description: 'Words, a phrase or an identifier.',
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 50,
          default: 10,
          description: 'How many results (1–50).',
        },
      },
    },
    output: {
      type: 'object',
      required: ['results', 'provider'],
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: ['title', 'url', 'snippet', 'score'],
            properties: {
              title: { type: 'string' },
              url: { type: 'string' },
              snippet: { type: 'string' },
              score: { type: 'number' },
            },
          },
        },
        provider: { type: 'string' },
      },
    },
    policy: {
      access: 'anyone',
      meter: `tool:${DOCS_SEARCH_ID}`,
      readOnly: true,
      rateLimit: { max: options.callsPerMinute, windowMs: 60_000, per: 'client' },
    },
    providers: () => [options.describe()],
    async run(args, { trace }) {
      trace({ type: 'provider', provider: DOCS_READER_PROVIDER });
      const found = (await options.reader()).search({ query: args.query, limit: args.limit });
      return {
        results: found.results.map((hit) => ({
          title: hit.heading && hit.heading !== hit.title ? `${hit.title} › ${hit.heading}` : hit.title,
          url: options.urlOf(hit.pageId, hit.anchor),
          snippet: hit.snippet,
          score: hit.score,
        })),
        provider: DOCS_READER_PROVIDER,
      };
    },
  });
}
