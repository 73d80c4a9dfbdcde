import { createSlugger } from '../markdown/slugify.js';
import { escapeHtml, highlightCode } from './highlight-code.js';

/** Options of {@link renderMarkdownHtml}. */
export interface RenderHtmlOptions {
  /** Rewrites a link or image target (e.g. `auth.md#keys` to a site URL); unchanged by default. */
  linkHref?: (href: string) => string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/**
 * Renders the markdown pages use as HTML (no dependency, no raw HTML passed through): headings
 * with the same anchors as the index, fenced code highlighted, tables, lists, quotes, rules,
 * links, images, code spans and emphasis.
 *
 * @example
 * renderMarkdownHtml('# Hi\n\nSee [auth](auth.md).', { linkHref: (href) => href.replace('.md', '') });
 * // '<h1 id="hi">…</h1>\n<p>See <a href="auth">auth</a>.</p>'
 */
export function renderMarkdownHtml(markdown: string, options: RenderHtmlOptions = {}): string {
  const href = options.linkHref ?? ((value: string) => value);
  const inline = (text: string) => renderInline(text, href);
  const slug = createSlugger();
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const code: string[] = [];
      index++;
      while (index < lines.length && !(lines[index] as string).trimStart().startsWith(marker))
        code.push(lines[index++] as string);
      index++;
      const language = fence[2] ?? '';
      out.push(
        `<pre class="code"${language ? ` data-lang="${escapeHtml(language)}"` : ''}><code>${highlightCode(code.join('\n'), language)}</code></pre>`,
      );
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1] as string).length;
      const id = slug(heading[2] as string);
      out.push(
        `<h${level} id="${escapeHtml(id)}"><a class="anchor" href="#${escapeHtml(id)}">#</a> ${inline(heading[2] as string)}</h${level}>`,
      );
      index++;
      continue;
    }
    if (line.trim() === '') {
      index++;
      continue;
    }
    if (/^ {0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      out.push('<hr>');
      index++;
      continue;
    }
    if (line.includes('|') && TABLE_RULE.test(lines[index + 1] ?? '')) {
      const cells = (row: string) =>
        row
          .trim()
          .replace(/^\|/, '')
          .replace(/\|$/, '')
          .split(/(?<!\\)\|/)
          .map((cell) => cell.trim());
      const head = cells(line);
      index += 2;
      const rows: string[][] = [];
      while (
        index < lines.length &&
        (lines[index] as string).includes('|') &&
        (lines[index] as string).trim() !== ''
      ) {
        rows.push(cells(lines[index++] as string));
      }
      out.push(
        `<div class="table"><table><thead><tr>${head.map((cell) => `<th>${inline(cell)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((row) => `<tr>${row.map((cell) => `<td>${inline(cell)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table></div>`,
      );
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const quote: string[] = [];
      while (index < lines.length && /^\s{0,3}>/.test(lines[index] as string))
        quote.push((lines[index++] as string).replace(/^\s{0,3}>\s?/, ''));
      out.push(`<blockquote>${renderMarkdownHtml(quote.join('\n'), options)}</blockquote>`);
      continue;
    }
    if (LIST_ITEM.test(line)) {
      index = renderList(lines, index, out, inline);
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const current = lines[index] as string;
      if (
        current.trim() === '' ||
        FENCE.test(current) ||
        HEADING.test(current) ||
        LIST_ITEM.test(current) ||
        /^\s{0,3}>/.test(current)
      )
        break;
      paragraph.push(current.trim());
      index++;
    }
    out.push(`<p>${inline(paragraph.join('\n'))}</p>`);
  }
  return out.join('\n');
}

function renderList(
  lines: readonly string[],
  start: number,
  out: string[],
  inline: (text: string) => string,
): number {
  const first = LIST_ITEM.exec(lines[start] as string) as RegExpExecArray;
  const indent = (first[1] as string).length;
  const ordered = /\d/.test(first[2] as string);
  const items: string[] = [];
  let index = start;
  while (index < lines.length) {
    const match = LIST_ITEM.exec(lines[index] as string);
    if (!match) {
      const continuation = lines[index] as string;
      if (
        continuation.trim() !== '' &&
        /^\s+/.test(continuation) &&
        items.length > 0 &&
        !FENCE.test(continuation)
      ) {
        items[items.length - 1] += `\n${continuation.trim()}`;
        index++;
        continue;
      }
      break;
    }
    const depth = (match[1] as string).length;
    if (depth < indent) break;
    if (depth > indent) {
      const nested: string[] = [];
      index = renderList(lines, index, nested, inline);
      items[items.length - 1] += nested.join('');
      continue;
    }
    items.push(inline(match[3] as string));
    index++;
  }
  const tag = ordered ? 'ol' : 'ul';
  out.push(`<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`);
  return index;
}

function renderInline(text: string, href: (value: string) => string): string {
  const codes: string[] = [];
  let html = text.replace(/`([^`]+)`/g, (_match, code: string) => {
    codes.push(`<code>${escapeHtml(code)}</code>`);
    return `\uE000${codes.length - 1}\uE001`;
  });
  html = escapeHtml(html);
  html = html.replace(
    /!\[([^\]]*)\]\(([^)\s]+)\)/g,
    (_m, alt: string, src: string) =>
      `<img alt="${alt}" src="${escapeHtml(safeUrl(href(unescapeHtml(src))))}" loading="lazy">`,
  );
  html = html.replace(
    /\[([^\]]+)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g,
    (_m, label: string, target: string) => {
      const url = safeUrl(href(unescapeHtml(target)));
      const external = /^[a-z][a-z0-9+.-]*:/i.test(url);
      return `<a href="${escapeHtml(url)}"${external ? ' rel="noopener"' : ''}>${label}</a>`;
    },
  );
  html = html.replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '<strong>$2</strong>');
  html = html.replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?=[^\w*]|$)/g, '$1<em>$2</em>');
  html = html.replace(/ {2,}\n|\\\n/g, '<br>');
  return html.replace(/\uE000(\d+)\uE001/g, (_m, at: string) => codes[Number(at)] as string);
}

/** Only web, mail and relative targets survive: a `javascript:` link in a docs folder must not run. */
function safeUrl(url: string): string {
  return /^(https?:|mailto:)/i.test(url) || !/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : '#';
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
