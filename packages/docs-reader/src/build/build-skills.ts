import type { Page } from '../types.js';
import { type SiteInfo, sha256Hex, toJsonText } from './site-files.js';

/**
 * The installable agent skills: a `SKILL.md` per area (a top-level docs folder, or `general`
 * for root pages; API pages join their package's area) under `docs/downloads/{area}/SKILL.md`,
 * and `docs/downloads/index.json` listing each with its size and SHA-256.
 *
 * @example
 * const files = await buildSkills(pages, site); // Map { 'docs/downloads/gate/SKILL.md' => '---\nname: …' , … }
 */
export async function buildSkills(pages: readonly Page[], site: SiteInfo): Promise<Map<string, string>> {
  const areas = new Map<string, Page[]>();
  const folderOfPackage = new Map<string, string>();
  for (const page of pages) {
    if (page.kind !== 'api' && page.package && page.id.includes('/'))
      folderOfPackage.set(page.package, page.id.split('/')[0] as string);
  }
  for (const page of pages) {
    const area =
      page.kind === 'api'
        ? (folderOfPackage.get(page.package ?? '') ?? page.id.split('/')[1] ?? 'api')
        : page.id.includes('/') || pages.some((other) => other.id.startsWith(`${page.id}/`))
          ? (page.id.split('/')[0] as string)
          : 'general';
    areas.set(area, [...(areas.get(area) ?? []), page]);
  }
  const files = new Map<string, string>();
  const skills: Array<{
    area: string;
    name: string;
    path: string;
    bytes: number;
    sha256: string;
    pages: number;
  }> = [];
  for (const area of [...areas.keys()].sort()) {
    const list = areas.get(area) ?? [];
    const text = renderSkill(area, list, site);
    const path = `docs/downloads/${area}/SKILL.md`;
    files.set(path, text);
    skills.push({
      area,
      name: `${slug(site.name)}-${area}`,
      path: `/${path}`,
      bytes: new TextEncoder().encode(text).length,
      sha256: await sha256Hex(text),
      pages: list.length,
    });
  }
  files.set(
    'docs/downloads/index.json',
    toJsonText({ format: 'svc-docs-skills/1', commit: site.commit, skills }),
  );
  return files;
}

function renderSkill(area: string, pages: readonly Page[], site: SiteInfo): string {
  const lead = pages.find((page) => page.id === area) ?? pages[0];
  const description = (lead?.description || `The ${area} pages of ${site.name}.`).replace(/\s+/g, ' ');
  const lines = [
    '---',
    `name: ${slug(site.name)}-${area}`,
    `description: ${JSON.stringify(`Use for questions about ${area} in ${site.name}. ${description}`)}`,
    '---',
    '',
    `# ${site.name}: ${area}`,
    '',
    description,
    '',
    '## How to look things up',
    '',
    `- Search: \`GET ${site.baseUrl}/api/docs/search?q=<words>\` (results point at sections).`,
    `- A page as markdown: \`GET ${site.baseUrl}/docs/<page_id>.md\`.`,
    `- Where an exported name is documented: \`GET ${site.baseUrl}/api/docs/symbol/<name>\`.`,
    '',
    '## Pages',
    '',
  ];
  for (const page of pages) {
    lines.push(
      `- [${page.title}](${site.baseUrl}/docs/${page.id}.md) (${page.kind})${page.description ? `: ${page.description.replace(/\s+/g, ' ')}` : ''}`,
    );
  }
  const symbols = pages
    .filter((page) => page.kind === 'api')
    .flatMap((page) => page.symbols.map((name) => `\`${name}\``));
  if (symbols.length > 0) lines.push('', '## Exported names', '', symbols.join(', '));
  return `${lines.join('\n')}\n`;
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'docs'
  );
}
