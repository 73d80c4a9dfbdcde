import type { ApiSymbol, PackageInfo } from '../types.js';

/**
 * The page id of a package's API page: `api/` and the package's folder name.
 *
 * @example
 * apiPageId({ path: 'packages/spec-toolkit' }); // 'api/spec-toolkit'
 */
export function apiPageId(info: Pick<PackageInfo, 'path'>): string {
  return `api/${info.path.split('/').pop() ?? info.path}`;
}

/**
 * The markdown of a package's API page: one `##` section per exported symbol (the section
 * anchor is the symbol's slug) with its kind, source location, signature, JSDoc and examples.
 * `guides` are page ids documenting the package, linked from the top.
 *
 * @example
 * renderApiPage(info, ['spec-toolkit/index']).startsWith('# @svc/spec-toolkit API'); // true
 */
export function renderApiPage(info: PackageInfo, guides: readonly string[]): string {
  const symbols = [...(info.api?.symbols ?? [])].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
  const lines = [`# ${info.name} API`, ''];
  if (info.description) lines.push(info.description, '');
  lines.push(
    `Every export of \`${info.api?.entry ?? info.path}\` (${symbols.length} symbols), extracted from the TypeScript sources.`,
  );
  if (guides.length > 0) {
    lines.push(`Guides: ${guides.map((id) => `[${id}](../${id}.md)`).join(', ')}.`);
  }
  lines.push('');
  for (const symbol of symbols) lines.push(...renderSymbol(symbol));
  return `${lines.join('\n').trimEnd()}\n`;
}

function renderSymbol(symbol: ApiSymbol): string[] {
  const lines = [`## ${symbol.name}`, '', `*${symbol.kind}* · \`${symbol.sourcePath}:${symbol.line}\``, ''];
  if (symbol.deprecated !== null) lines.push(`**Deprecated.** ${symbol.deprecated}`.trim(), '');
  lines.push('```ts', symbol.signature, '```', '');
  if (symbol.doc) lines.push(escapeHeadings(symbol.doc), '');
  for (const example of symbol.examples) {
    lines.push('**Example**', '');
    const trimmed = example.trim();
    lines.push(trimmed.startsWith('```') ? trimmed : ['```ts', trimmed, '```'].join('\n'), '');
  }
  return lines;
}

/** JSDoc text must not open sections of its own on the page. */
function escapeHeadings(text: string): string {
  return text
    .replace(/\{@link(?:code|plain)?\s+([^}|\s]+)[^}]*\}/g, '`$1`')
    .replace(/^(\s{0,3})#/gm, '$1\\#');
}
