import { DocsError } from '../errors.js';
import { splitFrontMatter } from '../markdown/front-matter.js';
import { scanMarkdown } from '../markdown/scan-markdown.js';
import { stripInlineMarkdown } from '../markdown/slugify.js';
import type { DocsSource } from '../ports/docs-source.js';
import { PAGE_KINDS, type PackageInfo, type Page, type PageKind, type PageLink } from '../types.js';
import { apiPageId, renderApiPage } from './api-page.js';
import { RESERVED_PAGE_IDS, toPageId } from './page-id.js';
import { resolveLink } from './resolve-link.js';

/** What {@link buildPages} reads. */
export interface BuildPagesOptions {
  source: DocsSource;
  /** How provenance names the source folder, relative to the build root (`docs`). */
  sourceRoot: string;
  commit: string;
  builtAt: string;
  /** Packages whose extracted API becomes `api/*` pages and whose docs folder sets a page's package. */
  packages?: readonly PackageInfo[];
}

/** Pages in id order, and the non-markdown files pages link to (images). */
export interface BuiltPages {
  pages: Page[];
  assets: string[];
}

/** A broken internal link, with where it is. */
export interface BrokenLink {
  page: string;
  sourcePath: string;
  line: number;
  href: string;
  reason: string;
}

const decoder = new TextDecoder();

/**
 * Reads every `*.md` file of a docs source into a page, adds an API page per package with an
 * extracted API, and checks every internal link (file and anchor). Broken links fail the build
 * with a `DOCS_BROKEN_LINKS` error listing each one's location.
 *
 * @example
 * const { pages } = await buildPages({ source, sourceRoot: 'docs', commit: 'abc', builtAt: '2026-01-01T00:00:00Z' });
 */
export async function buildPages(options: BuildPagesOptions): Promise<BuiltPages> {
  const files = (await options.source.list()).map((path) => path.replace(/^\.\//, '')).sort();
  const fileSet = new Set(files);
  const packages = options.packages ?? [];
  const root = options.sourceRoot.replace(/\/+$/, '');
  const pages: Page[] = [];
  for (const path of files.filter((file) => file.endsWith('.md'))) {
    const text = decoder.decode(await options.source.read(path));
    pages.push(toPage(path, text, { ...options, root, packages }));
  }
  for (const info of packages) {
    if (!info.api) continue;
    const guides = pages.filter((page) => page.package === info.name).map((page) => page.id);
    const body = renderApiPage(info, guides);
    const id = apiPageId(info);
    const page = toPage(`${id}.md`, body, { ...options, root, packages });
    // The API page's links are relative to `api/`, where its id puts it.
    pages.push({
      ...page,
      id,
      kind: 'api',
      package: info.name,
      layer: info.layer,
      description: info.description,
      symbols: info.api.symbols.map((symbol) => symbol.name).sort(),
      provenance: { ...page.provenance, sourcePath: info.api.entry },
    });
  }
  pages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const reserved = pages.find((page) => RESERVED_PAGE_IDS.has(page.id));
  if (reserved) {
    throw new DocsError(
      'DOCS_DUPLICATE_PAGE',
      `The page id "${reserved.id}" (${reserved.provenance.sourcePath}) is reserved for the site's own files.`,
      {
        details: { id: reserved.id, sourcePath: reserved.provenance.sourcePath },
      },
    );
  }
  for (let index = 1; index < pages.length; index++) {
    if (pages[index]?.id === pages[index - 1]?.id) {
      throw new DocsError(
        'DOCS_DUPLICATE_PAGE',
        `Two pages have the id "${pages[index]?.id}" (${pages[index - 1]?.provenance.sourcePath}, ${pages[index]?.provenance.sourcePath}).`,
        {
          details: { id: pages[index]?.id },
        },
      );
    }
  }
  const assets = checkLinks(pages, fileSet);
  return { pages, assets };
}

function toPage(
  path: string,
  text: string,
  context: { root: string; commit: string; builtAt: string; packages: readonly PackageInfo[] },
): Page {
  const { data, body, offset } = splitFrontMatter(text);
  const scanned = scanMarkdown(body);
  const id = toPageId(path);
  const firstHeading = scanned.headings.find((heading) => heading.level === 1);
  const title = data.title || firstHeading?.text || id.split('/').pop() || id;
  const top = id.split('/')[0] ?? id;
  const owner = context.packages.find((info) => info.docsFolder === top);
  const links: PageLink[] = scanned.links.map((link) => {
    const resolved = resolveLink(path, link.href);
    const target = resolved.target?.endsWith('.md') ? toPageId(resolved.target) : resolved.target;
    return { href: link.href, ...resolved, target, line: link.line + offset };
  });
  return {
    id,
    title,
    description: data.description || firstParagraph(scanned.sections[0]?.markdown ?? ''),
    package: data.package || owner?.name || null,
    layer: data.layer || owner?.layer || 'docs',
    kind: toKind(data.kind, path, title),
    headings: scanned.headings.map(({ level, text: headingText, anchor }) => ({
      level,
      text: headingText,
      anchor,
    })),
    symbols: headingSymbols(body),
    body,
    links,
    provenance: {
      sourcePath: context.root === '' ? path : `${context.root}/${path}`,
      commit: context.commit,
      builtAt: context.builtAt,
    },
  };
}

function toKind(declared: string | undefined, path: string, title: string): PageKind {
  if (declared && (PAGE_KINDS as readonly string[]).includes(declared)) return declared as PageKind;
  const name = (path.split('/').pop() ?? path).replace(/\.md$/, '');
  if (/^how[- ]to\b/i.test(title) || /(^|-)how-to(-|$)/.test(name)) return 'how-to';
  if (name === 'index' || /(^|-)(guide|tutorial|getting-started|quickstart|overview)(-|$)/.test(name))
    return 'guide';
  return 'reference';
}

function firstParagraph(markdown: string): string {
  const paragraph = markdown
    .split(/\n\s*\n/)
    .find((block) => block.trim() !== '' && !/^\s*(#|```|~~~|\||<|!\[)/.test(block));
  const text = stripInlineMarkdown((paragraph ?? '').replace(/\s+/g, ' ')).trim();
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

/** Identifiers written as code in headings: `validate`, `listEndpoints()`. */
function headingSymbols(body: string): string[] {
  const names = new Set<string>();
  for (const match of body.matchAll(/^#{1,6}\s.*$/gm)) {
    for (const code of match[0].matchAll(/`([A-Za-z_$][\w$]*)(?:\([^`]*\))?`/g)) names.add(code[1] as string);
  }
  return [...names].sort();
}

function checkLinks(pages: readonly Page[], files: ReadonlySet<string>): string[] {
  const anchors = new Map(
    pages.map((page) => [page.id, new Set(page.headings.map((heading) => heading.anchor))]),
  );
  const broken: BrokenLink[] = [];
  const assets = new Set<string>();
  for (const page of pages) {
    for (const link of page.links) {
      if (link.external || link.target === null) continue;
      const fail = (reason: string) =>
        broken.push({
          page: page.id,
          sourcePath: page.provenance.sourcePath,
          line: link.line,
          href: link.href,
          reason,
        });
      if (link.target.startsWith('../')) {
        fail('points outside the docs folder');
      } else if (anchors.has(link.target)) {
        if (link.anchor && !anchors.get(link.target)?.has(link.anchor))
          fail(`no heading #${link.anchor} on ${link.target}`);
      } else if (files.has(link.target)) {
        assets.add(link.target);
      } else {
        fail(`no page or file ${link.target}`);
      }
    }
  }
  if (broken.length > 0) {
    const list = broken
      .map((link) => `${link.sourcePath}:${link.line} ${link.href} (${link.reason})`)
      .join('\n  ');
    throw new DocsError('DOCS_BROKEN_LINKS', `${broken.length} broken internal link(s):\n  ${list}`, {
      details: { links: broken },
    });
  }
  return [...assets].sort();
}
