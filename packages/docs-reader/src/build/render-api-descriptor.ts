import type { SiteInfo } from './site-files.js';

/** One endpoint of the read API, as `api.json` describes it. */
export interface EndpointDescriptor {
  method: 'GET';
  path: string;
  summary: string;
  query?: Record<string, string>;
}

/** The read API's endpoints (served by `apps/server`'s docs plugin). */
export const READ_API_ENDPOINTS: readonly EndpointDescriptor[] = [
  {
    method: 'GET',
    path: '/api/docs/search',
    summary:
      'Search pages (BM25F over title, headings, symbols and body); each result points at its best section.',
    query: {
      q: 'the query (required)',
      kind: 'guide | how-to | reference | api (optional)',
      package: 'a package name (optional)',
      limit: '1–50, default 10',
      offset: 'default 0',
    },
  },
  {
    method: 'GET',
    path: '/api/docs/page/{page_id}',
    summary: 'A page: markdown with provenance (404 with suggestions for a near miss).',
  },
  {
    method: 'GET',
    path: '/api/docs/packages',
    summary: 'Packages and apps with their layer, dependencies, pages and API page.',
    query: { layer: 'library | app (optional)', limit: '1–200, default 100' },
  },
  {
    method: 'GET',
    path: '/api/docs/symbol/{name}',
    summary:
      'Which page documents an exported name (exact, then case-insensitive; suggestions when missing).',
  },
];

/** The static files every site has, besides `docs/{id}.md|json` per page. */
export const STATIC_FILES: readonly string[] = [
  '/api.json',
  '/docs/index.json',
  '/docs/graph.json',
  '/docs/symbols.json',
  '/docs/search-index.json',
  '/docs/components.json',
  '/docs/downloads/index.json',
  '/llms.txt',
  '/llms-full.txt',
];

/**
 * `api.json`: the read API's endpoint descriptor (endpoints, static files, MCP tools).
 *
 * @example
 * renderApiDescriptor(site).endpoints.length; // 4
 */
export function renderApiDescriptor(site: SiteInfo) {
  return {
    format: 'svc-docs-api/1',
    name: `${site.name} — reference read API`,
    commit: site.commit,
    builtAt: site.builtAt,
    baseUrl: site.baseUrl,
    auth: 'none',
    endpoints: READ_API_ENDPOINTS,
    staticFiles: STATIC_FILES,
    pageFiles: ['/docs/{page_id}.md', '/docs/{page_id}.json'],
    mcpTools: ['searchDocs', 'getPage', 'listPackages', 'getSymbol', 'howDoI', 'grepDocs'],
  };
}
