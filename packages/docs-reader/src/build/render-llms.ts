import type { Page } from '../types.js';
import type { SiteInfo } from './site-files.js';

/**
 * `llms.txt` (llmstxt.org): the site's name, a summary, and a list of every page per area with
 * its markdown URL and description; API pages last, under "API reference".
 *
 * @example
 * renderLlmsTxt(pages, site, 'Reference pages.').split('\n')[0]; // '# svc documentation'
 */
export function renderLlmsTxt(pages: readonly Page[], site: SiteInfo, summary: string): string {
  const lines = [`# ${site.name}`, ''];
  if (summary) lines.push(`> ${summary.replace(/\s+/g, ' ')}`, '');
  lines.push(
    `Pages as markdown at ${site.baseUrl}/docs/{id}.md; the catalogue at ${site.baseUrl}/docs/index.json; search at ${site.baseUrl}/api/docs/search?q=…`,
    '',
  );
  const groups = new Map<string, Page[]>();
  for (const page of pages) {
    const area =
      page.kind === 'api'
        ? 'API reference'
        : page.id.includes('/')
          ? (page.id.split('/')[0] as string)
          : 'General';
    groups.set(area, [...(groups.get(area) ?? []), page]);
  }
  const order = [...groups.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const area of order) {
    lines.push(`## ${area}`, '');
    for (const page of groups.get(area) ?? []) {
      const description = page.description ? `: ${page.description.replace(/\s+/g, ' ')}` : '';
      lines.push(`- [${page.title}](${site.baseUrl}/docs/${page.id}.md)${description}`);
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function rank(area: string): number {
  return area === 'General' ? 0 : area === 'API reference' ? 2 : 1;
}

/**
 * `llms-full.txt`: every page's markdown in id order, each under a `# title` with its URL and
 * source, separated by rules.
 *
 * @example
 * renderLlmsFull(pages, site).includes('Source: docs/gate/auth.md'); // true
 */
export function renderLlmsFull(pages: readonly Page[], site: SiteInfo): string {
  const parts = [`# ${site.name} (full text)\n\nCommit ${site.commit}, built ${site.builtAt}.`];
  for (const page of pages) {
    parts.push(
      [
        `<!-- page: ${page.id} -->`,
        `URL: ${site.baseUrl}/docs/${page.id}.md`,
        `Source: ${page.provenance.sourcePath}`,
        '',
        page.body.trim(),
      ].join('\n'),
    );
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
