import { renderPageMarkdown } from '../build/build-site.js';
import { type PageSection, toPageSections } from '../build/page-sections.js';
import type { SiteInfo } from '../build/site-files.js';
import { DocsError } from '../errors.js';
import type { SerializedSearchIndex } from '../search/build-search-index.js';
import { loadSearchIndex, type SearchHit } from '../search/search-index.js';
import { tokenizeQuery } from '../search/tokenize.js';
import type { PackageEntry, Page, PageKind, SymbolEntry } from '../types.js';
import { type GrepArgs, type GrepResult, grepPages } from './grep-pages.js';
import { makeSnippet } from './snippet.js';
import { suggestNames } from './suggest.js';

/** The data a reader serves: what a built site holds. */
export interface DocsData {
  site: SiteInfo;
  pages: readonly Page[];
  packages: readonly PackageEntry[];
  symbols: readonly SymbolEntry[];
  searchIndex: SerializedSearchIndex;
}

/** Arguments of {@link DocsReader.search}. */
export interface SearchArgs {
  query: string;
  kind?: PageKind | readonly PageKind[];
  package?: string;
  limit?: number;
  offset?: number;
}

/** One search result: a page, its best section, why it matched and a marked snippet. */
export interface SearchResult {
  pageId: string;
  title: string;
  kind: string;
  package: string | null;
  anchor: string;
  heading: string;
  score: number;
  snippet: string;
  matchReason: {
    exact: SearchHit['exact'];
    fields: string[];
    terms: SearchHit['terms'];
  };
}

/** A search's answer. */
export interface SearchResponse {
  query: string;
  total: number;
  limit: number;
  offset: number;
  results: SearchResult[];
}

/** A task question's answers: the best guide or how-to sections (else reference), excerpted. */
export interface HowDoIResponse {
  task: string;
  answers: Array<{
    pageId: string;
    title: string;
    kind: string;
    anchor: string;
    heading: string;
    excerpt: string;
  }>;
}

/** Reads a built site: search, pages, packages, symbols, task answers and grep. */
export interface DocsReader {
  readonly site: SiteInfo;
  readonly pages: readonly Page[];
  search(args: SearchArgs): SearchResponse;
  /** A page and its markdown with provenance; `DOCS_PAGE_NOT_FOUND` with `details.suggestions` otherwise. */
  getPage(id: string): { page: Page; markdown: string };
  sectionsOf(id: string): PageSection[];
  listPackages(args?: { layer?: string; limit?: number }): { total: number; packages: PackageEntry[] };
  /** Where a name is documented: exact, else case-insensitive; `DOCS_SYMBOL_NOT_FOUND` with suggestions otherwise. */
  getSymbol(name: string): { name: string; exact: boolean; matches: SymbolEntry[] };
  howDoI(args: { task: string; limit?: number }): HowDoIResponse;
  grep(args: GrepArgs): GrepResult;
}

/** Options of {@link createDocsReader}. */
export interface DocsReaderOptions {
  /** Milliseconds, for grep's time budget; `Date.now` by default. */
  now?: () => number;
}

const MAX_LIMIT = 50;

/**
 * A reader over a site's data (see `loadDocsReader` to read a built site from a store).
 *
 * @example
 * const reader = createDocsReader(data);
 * reader.search({ query: 'rate limit', limit: 5 }).results[0]?.pageId;
 */
export function createDocsReader(data: DocsData, options: DocsReaderOptions = {}): DocsReader {
  const now = options.now ?? (() => Date.now());
  const index = loadSearchIndex(data.searchIndex);
  const byId = new Map(data.pages.map((page) => [page.id, page]));
  const sections = new Map<string, PageSection[]>();
  const sectionsOf = (id: string): PageSection[] => {
    let list = sections.get(id);
    if (!list) {
      list = toPageSections(requirePage(id));
      sections.set(id, list);
    }
    return list;
  };
  const requirePage = (id: string): Page => {
    const page = byId.get(id) ?? byId.get(id.replace(/\.(md|json)$/, '').replace(/^\/+|\/+$/g, ''));
    if (page) return page;
    const suggestions = suggestNames(id, [...byId.keys()]);
    throw new DocsError(
      'DOCS_PAGE_NOT_FOUND',
      `No page "${id}".${suggestions.length > 0 ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(', ')}?` : ''}`,
      {
        details: { id, suggestions },
      },
    );
  };
  const clamp = (value: number | undefined, fallback: number, max: number) =>
    Math.min(max, Math.max(1, Math.floor(Number.isFinite(value) ? (value as number) : fallback)));

  function search(args: SearchArgs): SearchResponse {
    if (typeof args.query !== 'string' || args.query.trim() === '') {
      throw new DocsError('DOCS_INVALID_ARGUMENT', 'A search needs a non-empty query.');
    }
    const limit = clamp(args.limit, 10, MAX_LIMIT);
    const offset = Math.max(0, Math.floor(Number.isFinite(args.offset) ? (args.offset as number) : 0));
    const query = args.query.slice(0, 500);
    const found = index.search(query, {
      ...(args.kind === undefined ? {} : { kind: args.kind }),
      ...(args.package === undefined ? {} : { package: args.package }),
      limit,
      offset,
    });
    const queryTerms = tokenizeQuery(query);
    const results = found.hits.map((hit) => {
      const section = sectionsOf(hit.pageId).find((candidate) => candidate.anchor === hit.anchor);
      const marks = [...hit.terms.map((term) => term.matched), ...queryTerms].filter(
        (term) => term.length > 1,
      );
      return {
        pageId: hit.pageId,
        title: hit.title,
        kind: hit.kind,
        package: hit.package,
        anchor: hit.anchor,
        heading: hit.heading,
        score: hit.score,
        snippet: makeSnippet(section?.text ?? '', marks),
        matchReason: {
          exact: hit.exact,
          fields: [...new Set(hit.terms.flatMap((term) => term.fields))],
          terms: hit.terms,
        },
      };
    });
    return { query, total: found.total, limit, offset, results };
  }

  return {
    site: data.site,
    pages: data.pages,
    search,
    sectionsOf,
    getPage(id) {
      const page = requirePage(id);
      return { page, markdown: renderPageMarkdown(page) };
    },
    listPackages(args = {}) {
      const list = data.packages.filter((entry) => args.layer === undefined || entry.layer === args.layer);
      return { total: list.length, packages: list.slice(0, clamp(args.limit, 100, 200)) };
    },
    getSymbol(name) {
      const wanted = typeof name === 'string' ? name.trim() : '';
      if (wanted === '') throw new DocsError('DOCS_INVALID_ARGUMENT', 'A symbol lookup needs a name.');
      const exact = data.symbols.filter((entry) => entry.name === wanted);
      if (exact.length > 0) return { name: wanted, exact: true, matches: exact };
      const folded = data.symbols.filter((entry) => entry.name.toLowerCase() === wanted.toLowerCase());
      if (folded.length > 0) return { name: wanted, exact: false, matches: folded };
      const suggestions = suggestNames(wanted, [...new Set(data.symbols.map((entry) => entry.name))]);
      throw new DocsError(
        'DOCS_SYMBOL_NOT_FOUND',
        `No exported symbol "${wanted}".${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''}`,
        {
          details: { name: wanted, suggestions },
        },
      );
    },
    howDoI(args) {
      const limit = clamp(args.limit, 3, 10);
      const task = typeof args.task === 'string' ? args.task : '';
      const first = search({ query: task, kind: ['guide', 'how-to'], limit });
      const rest =
        first.results.length < limit
          ? search({ query: task, kind: ['reference'], limit: limit - first.results.length }).results
          : [];
      const answers = [...first.results, ...rest].map((result) => {
        const section = sectionsOf(result.pageId).find((candidate) => candidate.anchor === result.anchor);
        const excerpt = (section?.markdown ?? '').trim();
        return {
          pageId: result.pageId,
          title: result.title,
          kind: result.kind,
          anchor: result.anchor,
          heading: result.heading,
          excerpt: excerpt.length > 1500 ? `${excerpt.slice(0, 1500)}…` : excerpt,
        };
      });
      return { task, answers };
    },
    grep(args) {
      if (args.page !== undefined) requirePage(args.page);
      return grepPages(data.pages, args, now);
    },
  };
}
