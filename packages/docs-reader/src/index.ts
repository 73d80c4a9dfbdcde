export { apiPageId, renderApiPage } from './build/api-page.js';
export type { CatalogueIndex, DocsGraph, PageSummary, SymbolsFile } from './build/build-catalogue.js';
export type { BrokenLink, BuildPagesOptions, BuiltPages } from './build/build-pages.js';
export { buildPages } from './build/build-pages.js';
export type { BuildDocsSiteOptions, BuiltDocsSite } from './build/build-site.js';
export { buildDocsSite, renderPageMarkdown } from './build/build-site.js';
export type { Component, Components } from './build/components.js';
export { RESERVED_PAGE_IDS, toPageId } from './build/page-id.js';
export type { PageSection } from './build/page-sections.js';
export { toIndexableSections, toPageSections } from './build/page-sections.js';
export type { EndpointDescriptor } from './build/render-api-descriptor.js';
export { READ_API_ENDPOINTS, STATIC_FILES } from './build/render-api-descriptor.js';
export type { ResolvedLink } from './build/resolve-link.js';
export { resolveLink } from './build/resolve-link.js';
export type { SiteFiles, SiteInfo } from './build/site-files.js';
export { sha256Hex, toJsonText } from './build/site-files.js';
export type { DocsErrorCode } from './errors.js';
export { DocsError, isDocsError } from './errors.js';
export { splitFrontMatter } from './markdown/front-matter.js';
export { toPlainText } from './markdown/plain-text.js';
export type { ScannedMarkdown } from './markdown/scan-markdown.js';
export { scanMarkdown } from './markdown/scan-markdown.js';
export { createSlugger, slugifyHeading } from './markdown/slugify.js';
export type { DocsSource } from './ports/docs-source.js';
export type { SiteStore } from './ports/site-store.js';
export type {
  DocsData,
  DocsReader,
  DocsReaderOptions,
  HowDoIResponse,
  SearchArgs,
  SearchResponse,
  SearchResult,
} from './reader/create-docs-reader.js';
export { createDocsReader } from './reader/create-docs-reader.js';
export { findUnsupportedRegexSyntax } from './reader/grep-matcher.js';
export type { GrepArgs, GrepResult } from './reader/grep-pages.js';
export { GREP_TIME_BUDGET_MS, MAX_GREP_LINE, MAX_GREP_PATTERN } from './reader/grep-pages.js';
export { loadDocsReader } from './reader/load-docs-reader.js';
export { makeSnippet } from './reader/snippet.js';
export { suggestNames } from './reader/suggest.js';
export { escapeHtml, highlightCode } from './render/highlight-code.js';
export type { RenderHtmlOptions } from './render/render-markdown-html.js';
export { renderMarkdownHtml } from './render/render-markdown-html.js';
export type { IndexableSection, SearchField, SerializedSearchIndex } from './search/build-search-index.js';
export { buildSearchIndex, SEARCH_FIELDS } from './search/build-search-index.js';
export type {
  MatchHow,
  SearchHit,
  SearchIndex,
  SearchOptions,
  SearchTuning,
  TermMatch,
} from './search/search-index.js';
export { DEFAULT_SEARCH_TUNING, loadSearchIndex } from './search/search-index.js';
export { tokenize, tokenizeQuery } from './search/tokenize.js';
export { createMemorySiteStore } from './testing/memory-site-store.js';
export type { DocsToolOutcome } from './tools/call-docs-tool.js';
export { callDocsTool } from './tools/call-docs-tool.js';
export type { DocsTool, JsonSchema } from './tools/docs-tools.js';
export { DOCS_TOOLS } from './tools/docs-tools.js';
export type { ToolArguments } from './tools/tool-arguments.js';
export type {
  ApiSymbol,
  PackageEntry,
  PackageInfo,
  Page,
  PageHeading,
  PageKind,
  PageLink,
  Provenance,
  SymbolEntry,
} from './types.js';
export { PAGE_KINDS } from './types.js';
