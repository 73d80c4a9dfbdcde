import type { DocsSource } from '../ports/docs-source.js';
import { buildSearchIndex } from '../search/build-search-index.js';
import { DOCS_TOOLS } from '../tools/docs-tools.js';
import type { PackageInfo, Page } from '../types.js';
import { buildCatalogue } from './build-catalogue.js';
import { buildPages } from './build-pages.js';
import { buildSkills } from './build-skills.js';
import type { Components } from './components.js';
import { toIndexableSections } from './page-sections.js';
import { renderApiDescriptor } from './render-api-descriptor.js';
import { renderLlmsFull, renderLlmsTxt } from './render-llms.js';
import { type SiteFiles, sortSiteFiles, toJsonText } from './site-files.js';

/** What {@link buildDocsSite} reads. */
export interface BuildDocsSiteOptions {
  source: DocsSource;
  /** How provenance names the source folder (`docs`). */
  sourceRoot: string;
  /** The commit the input is at (e.g. `git rev-parse HEAD`); taken from the input, never guessed. */
  commit: string;
  /** The build time recorded in provenance: the input's time (e.g. the commit date), not the wall clock. */
  builtAt: string;
  /** Packages with their extracted API (absent for a plain markdown folder). */
  packages?: readonly PackageInfo[];
  /** Components besides packages, apps and the docs tools. */
  components?: Partial<Components>;
  /** Prefix of the URLs written in `llms.txt` and the skills (`https://svc.dev`); '' for root-relative. */
  baseUrl?: string;
  /** The site's name (`llms.txt` title); the home page's title by default. */
  name?: string;
}

/** A built site: its files (sorted by path) and the pages they were made from. */
export interface BuiltDocsSite {
  files: SiteFiles;
  pages: Page[];
}

/**
 * Builds the static reference site from a docs folder and the packages' extracted APIs:
 * `api.json`, `docs/index.json`, `docs/graph.json`, `docs/symbols.json`,
 * `docs/search-index.json`, `docs/components.json`, `docs/downloads/` (a `SKILL.md` per area
 * and its checksummed index), `llms.txt`, `llms-full.txt`, and per page `docs/{id}.md` and
 * `docs/{id}.json`, plus the files pages link to. The same input gives byte-identical files.
 * Throws `DOCS_BROKEN_LINKS` (every location in `details.links`) or `DOCS_DUPLICATE_PAGE`.
 *
 * @example
 * const { files } = await buildDocsSite({ source, sourceRoot: 'docs', commit: 'abc123', builtAt: '2026-11-25T00:00:00Z' });
 * files.get('llms.txt');
 */
export async function buildDocsSite(options: BuildDocsSiteOptions): Promise<BuiltDocsSite> {
  const packages = [...(options.packages ?? [])].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const { pages, assets } = await buildPages({ ...options, packages });
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const home = pages.find((page) => page.id === 'home');
  const name = options.name ?? home?.title ?? 'Documentation';
  const site = { name, commit: options.commit, builtAt: options.builtAt, baseUrl };
  const files: SiteFiles = new Map();
  const catalogue = buildCatalogue(pages, packages, site);
  files.set('api.json', toJsonText(renderApiDescriptor(site)));
  files.set('docs/index.json', toJsonText(catalogue.index));
  files.set('docs/graph.json', toJsonText(catalogue.graph));
  files.set('docs/symbols.json', toJsonText(catalogue.symbols));
  files.set('docs/search-index.json', JSON.stringify(buildSearchIndex(pages.flatMap(toIndexableSections))));
  files.set('docs/components.json', toJsonText(toComponents(packages, options.components ?? {})));
  for (const [path, content] of await buildSkills(pages, site)) files.set(path, content);
  files.set('llms.txt', renderLlmsTxt(pages, site, home?.description ?? ''));
  files.set('llms-full.txt', renderLlmsFull(pages, site));
  for (const page of pages) {
    files.set(`docs/${page.id}.md`, renderPageMarkdown(page));
    files.set(`docs/${page.id}.json`, toJsonText(page));
  }
  for (const asset of assets) files.set(`docs/${asset}`, await options.source.read(asset));
  return { files: sortSiteFiles(files), pages };
}

/**
 * A page's markdown as served: its body under a front matter carrying id, title, package, kind
 * and provenance.
 *
 * @example
 * renderPageMarkdown(page).startsWith('---\nid: gate/auth'); // true
 */
export function renderPageMarkdown(page: Page): string {
  const meta = [
    `id: ${page.id}`,
    `title: ${JSON.stringify(page.title)}`,
    `package: ${page.package ?? ''}`,
    `layer: ${page.layer}`,
    `kind: ${page.kind}`,
    `source: ${page.provenance.sourcePath}`,
    `commit: ${page.provenance.commit}`,
    `builtAt: ${page.provenance.builtAt}`,
  ];
  return `---\n${meta.join('\n')}\n---\n\n${page.body.trim()}\n`;
}

function toComponents(packages: readonly PackageInfo[], extra: Partial<Components>): Components {
  const byName = <T extends { name: string }>(list: T[]) =>
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const describe = (info: PackageInfo) => ({
    name: info.name,
    description: info.description,
    where: info.path,
  });
  const docsTools = DOCS_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.title,
    where: '@svc/docs-reader',
  }));
  const merge = (
    own: Array<{ name: string; description: string; where?: string }>,
    more: Components[keyof Components] = [],
  ) => {
    const names = new Set(own.map((item) => item.name));
    return byName([...own, ...more.filter((item) => !names.has(item.name))]);
  };
  return {
    packages: merge(packages.filter((info) => info.layer !== 'app').map(describe), extra.packages),
    apps: merge(packages.filter((info) => info.layer === 'app').map(describe), extra.apps),
    cliCommands: byName([...(extra.cliCommands ?? [])]),
    mcpTools: merge(docsTools, extra.mcpTools),
    interpreters: byName([...(extra.interpreters ?? [])]),
    capabilities: merge(
      DOCS_TOOLS.map((tool) => ({
        name: `docs.${tool.name}`,
        description: tool.title,
        where: '@svc/docs-reader',
      })),
      extra.capabilities,
    ),
  };
}
