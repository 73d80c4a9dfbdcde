import { slugifyHeading } from '../markdown/slugify.js';
import type { PackageEntry, PackageInfo, Page, SymbolEntry } from '../types.js';
import { apiPageId } from './api-page.js';
import type { SiteInfo } from './site-files.js';

/** A page in `docs/index.json`: everything but the body and links. */
export type PageSummary = Omit<Page, 'body' | 'links'> & { urls: { markdown: string; json: string } };

/** `docs/index.json`. */
export interface CatalogueIndex {
  format: 'svc-docs-index/1';
  site: SiteInfo;
  pages: PageSummary[];
  packages: PackageEntry[];
}

/** `docs/graph.json`: packages and pages as nodes; composes / used-by from package imports, links-to / documents from pages. */
export interface DocsGraph {
  format: 'svc-docs-graph/1';
  nodes: Array<{ id: string; type: 'package' | 'page'; label: string }>;
  edges: Array<{ from: string; to: string; type: 'composes' | 'used-by' | 'links-to' | 'documents' }>;
}

/** `docs/symbols.json`. */
export interface SymbolsFile {
  format: 'svc-docs-symbols/1';
  symbols: SymbolEntry[];
}

/**
 * The catalogue files of a site: the page and package index, the graph and the symbol table.
 *
 * @example
 * const { index, graph, symbols } = buildCatalogue(pages, packages, site);
 */
export function buildCatalogue(
  pages: readonly Page[],
  packages: readonly PackageInfo[],
  site: SiteInfo,
): { index: CatalogueIndex; graph: DocsGraph; symbols: SymbolsFile } {
  const summaries = pages.map(({ body: _body, links: _links, ...rest }) => ({
    ...rest,
    urls: { markdown: `${site.baseUrl}/docs/${rest.id}.md`, json: `${site.baseUrl}/docs/${rest.id}.json` },
  }));
  const entries: PackageEntry[] = packages.map((info) => ({
    name: info.name,
    description: info.description,
    layer: info.layer,
    path: info.path,
    version: info.version,
    private: info.private,
    dependsOn: [...info.dependsOn].sort(),
    usedBy: packages
      .filter((other) => other.dependsOn.includes(info.name))
      .map((other) => other.name)
      .sort(),
    pages: pages.filter((page) => page.package === info.name).map((page) => page.id),
    apiPage: info.api ? apiPageId(info) : null,
    symbolCount: info.api?.symbols.length ?? 0,
  }));
  const symbols: SymbolEntry[] = [];
  for (const info of packages) {
    if (!info.api) continue;
    for (const symbol of info.api.symbols) {
      symbols.push({
        name: symbol.name,
        package: info.name,
        kind: symbol.kind,
        page: apiPageId(info),
        anchor: slugifyHeading(symbol.name),
        signature: symbol.signature,
        summary: (symbol.doc.split(/\n\s*\n/)[0] ?? '')
          .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)[^}]*\}/g, '`$1`')
          .replace(/\s+/g, ' ')
          .trim(),
        sourcePath: symbol.sourcePath,
        line: symbol.line,
      });
    }
  }
  symbols.sort((a, b) => compare(a.name, b.name) || compare(a.package, b.package));
  const known = new Set(packages.map((info) => info.name));
  const graph: DocsGraph = { format: 'svc-docs-graph/1', nodes: [], edges: [] };
  for (const info of packages)
    graph.nodes.push({ id: `package:${info.name}`, type: 'package', label: info.name });
  for (const page of pages) graph.nodes.push({ id: `page:${page.id}`, type: 'page', label: page.title });
  for (const info of packages) {
    for (const dependency of [...info.dependsOn].sort()) {
      if (!known.has(dependency)) continue;
      graph.edges.push({ from: `package:${info.name}`, to: `package:${dependency}`, type: 'composes' });
      graph.edges.push({ from: `package:${dependency}`, to: `package:${info.name}`, type: 'used-by' });
    }
  }
  for (const page of pages) {
    if (page.package && known.has(page.package)) {
      graph.edges.push({ from: `page:${page.id}`, to: `package:${page.package}`, type: 'documents' });
    }
    const targets = new Set(
      page.links
        .filter((link) => !link.external && link.target && link.target !== page.id)
        .map((link) => link.target as string),
    );
    const ids = new Set(pages.map((other) => other.id));
    for (const target of [...targets].sort()) {
      if (ids.has(target))
        graph.edges.push({ from: `page:${page.id}`, to: `page:${target}`, type: 'links-to' });
    }
  }
  return {
    index: { format: 'svc-docs-index/1', site, pages: summaries, packages: entries },
    graph,
    symbols: { format: 'svc-docs-symbols/1', symbols },
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
