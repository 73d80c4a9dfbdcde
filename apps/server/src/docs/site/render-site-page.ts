import {
  type DocsReader,
  escapeHtml,
  type Page,
  renderMarkdownHtml,
  type SearchResponse,
} from '@svc/docs-reader';

/**
 * The HTML of a page of the site: header with the search box, navigation of every page by area,
 * the rendered markdown with its anchors and highlighted code, links rewritten to site URLs,
 * and the page's provenance.
 *
 * @example
 * reply.type('text/html').send(renderPageHtml(reader, reader.getPage('gate/auth').page));
 */
export function renderPageHtml(reader: DocsReader, page: Page): string {
  const hrefs = new Map(page.links.map((link) => [link.href, link]));
  const content = renderMarkdownHtml(page.body, {
    linkHref(href) {
      const link = hrefs.get(href);
      if (!link || link.external || link.target === null) return href;
      const isPage = reader.pages.some((candidate) => candidate.id === link.target);
      return `/docs/${link.target}${isPage && link.anchor ? `#${link.anchor}` : ''}`;
    },
  });
  const toc = page.headings.filter((heading) => heading.level === 2 || heading.level === 3);
  const tocHtml =
    toc.length > 2
      ? `<div class="toc"><strong>On this page</strong><ul>${toc
          .map(
            (heading) =>
              `<li style="margin-left:${(heading.level - 2) * 0.8}rem"><a href="#${escapeHtml(heading.anchor)}">${escapeHtml(heading.text)}</a></li>`,
          )
          .join('')}</ul></div>`
      : '';
  const { provenance } = page;
  const footer = `<footer class="provenance">Source <code>${escapeHtml(provenance.sourcePath)}</code> at commit <code>${escapeHtml(provenance.commit.slice(0, 12))}</code>, built ${escapeHtml(provenance.builtAt)} · <a href="/docs/${escapeHtml(page.id)}.md">markdown</a> · <a href="/docs/${escapeHtml(page.id)}.json">json</a></footer>`;
  return renderLayout(reader, page.title, page.id, `${tocHtml}${content}${footer}`);
}

/**
 * The HTML of the search page (`/docs/?q=`): the server-side results, for readers without JavaScript.
 *
 * @example
 * renderSearchHtml(reader, reader.search({ query: 'keys' }));
 */
export function renderSearchHtml(reader: DocsReader, response: SearchResponse): string {
  const items = response.results
    .map(
      (result) =>
        `<li><a href="/docs/${escapeHtml(result.pageId)}${result.anchor ? `#${escapeHtml(result.anchor)}` : ''}">${escapeHtml(result.title)}${result.heading && result.heading !== result.title ? ` › ${escapeHtml(result.heading)}` : ''}</a><br><span class="result-snippet">${markSnippet(result.snippet)}</span></li>`,
    )
    .join('');
  const body = `<h1>Search: ${escapeHtml(response.query)}</h1><p>${response.total} page(s).</p><ul class="search-page">${items}</ul>`;
  return renderLayout(reader, `Search: ${response.query}`, null, body, response.query);
}

/**
 * The HTML of a missing page: 404 with the nearest page ids.
 *
 * @example
 * renderNotFoundHtml(reader, 'gate/auht', ['gate/auth']);
 */
export function renderNotFoundHtml(reader: DocsReader, id: string, suggestions: readonly string[]): string {
  const list = suggestions
    .map((suggestion) => `<li><a href="/docs/${escapeHtml(suggestion)}">${escapeHtml(suggestion)}</a></li>`)
    .join('');
  return renderLayout(
    reader,
    'Not found',
    null,
    `<h1>No page “${escapeHtml(id)}”</h1>${list ? `<p>Did you mean:</p><ul>${list}</ul>` : ''}`,
  );
}

function markSnippet(snippet: string): string {
  return escapeHtml(snippet).replace(/\*\*(.+?)\*\*/g, '<mark>$1</mark>');
}

function renderLayout(
  reader: DocsReader,
  title: string,
  currentId: string | null,
  main: string,
  query = '',
): string {
  const siteName = reader.site.name;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
<link rel="stylesheet" href="/docs-assets/site.css">
<link rel="alternate" type="text/plain" href="/llms.txt" title="llms.txt">
</head>
<body>
<header>
<a class="brand" href="/docs/">${escapeHtml(siteName)}</a>
<form class="search" action="/docs/" method="get" role="search">
<input id="q" name="q" type="search" placeholder="Search the docs ( / )" autocomplete="off" aria-label="Search the docs" value="${escapeHtml(query)}">
<ul id="results" role="listbox"></ul>
</form>
</header>
<div class="layout">
<nav class="site" aria-label="Pages"><details open><summary>Pages</summary>${renderNav(reader, currentId)}</details></nav>
<main id="content">${main}</main>
</div>
<script src="/docs-assets/site.js" defer></script>
</body>
</html>
`;
}

function renderNav(reader: DocsReader, currentId: string | null): string {
  const groups = new Map<string, Page[]>();
  for (const page of reader.pages) {
    const area =
      page.kind === 'api' ? 'API' : page.id.includes('/') ? (page.id.split('/')[0] as string) : 'Overview';
    groups.set(area, [...(groups.get(area) ?? []), page]);
  }
  const order = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return order
    .map((area) => {
      const links = (groups.get(area) ?? [])
        .map(
          (page) =>
            `<li><a href="/docs/${escapeHtml(page.id)}"${page.id === currentId ? ' aria-current="page"' : ''}>${escapeHtml(page.title)}</a></li>`,
        )
        .join('');
      return `<h2>${escapeHtml(area)}</h2><ul>${links}</ul>`;
    })
    .join('');
}

function rank(area: string): number {
  return area === 'Overview' ? 0 : area === 'API' ? 2 : 1;
}
