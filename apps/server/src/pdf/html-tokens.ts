import { decodeHtmlEntities } from './html-entities.js';

/** One piece of HTML: text (entities decoded), a start tag (lower-case name, attributes decoded) or an end tag. */
export type HtmlToken =
  | { type: 'text'; text: string }
  | { type: 'start'; name: string; attributes: Record<string, string> }
  | { type: 'end'; name: string };

/** Elements whose content is text up to their own end tag, never markup. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp', 'noembed', 'noframes', 'plaintext']);
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = (match[1] as string).toLowerCase();
    if (name in attributes) continue;
    attributes[name] = decodeHtmlEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** Where the tag starting at `from` (`<`) ends: after its `>`, quotes respected. */
function endOfTag(html: string, from: number): number {
  let quote = '';
  for (let index = from + 1; index < html.length; index++) {
    const char = html[index] as string;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      // Only a quote that opens an attribute value counts (after `=`, spaces allowed).
      if (/=\s*$/.test(html.slice(Math.max(from, index - 8), index))) quote = char;
    } else if (char === '>') {
      return index + 1;
    }
  }
  return html.length;
}

/** Where `</name` next starts at or after `from`, any case; -1 when never. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const closer = new RegExp(`</${name}`, 'ig');
  closer.lastIndex = from;
  return closer.exec(html)?.index ?? -1;
}

/**
 * Splits HTML into tokens, forgivingly, as far as a text layout needs: comments, doctypes and
 * processing instructions are dropped; `script`, `style`, `title`, `textarea`… hold raw text up
 * to their end tag; a `<` that starts no tag is text. Never throws.
 *
 * @example
 * tokenizeHtml('<p class=x>A &amp; B</p>'); // start p, text 'A & B', end p
 */
export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  let index = 0;
  const text = (raw: string): void => {
    if (raw !== '') tokens.push({ type: 'text', text: decodeHtmlEntities(raw) });
  };
  while (index < html.length) {
    const open = html.indexOf('<', index);
    if (open === -1) {
      text(html.slice(index));
      break;
    }
    text(html.slice(index, open));
    const next = html[open + 1] ?? '';
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      index = close === -1 ? html.length : close + 3;
    } else if (next === '!' || next === '?') {
      const close = html.indexOf('>', open);
      index = close === -1 ? html.length : close + 1;
    } else if (next === '/' && /[A-Za-z]/.test(html[open + 2] ?? '')) {
      const end = endOfTag(html, open);
      const name = /^<\/([A-Za-z][^\s/>]*)/.exec(html.slice(open, end))?.[1] ?? '';
      tokens.push({ type: 'end', name: name.toLowerCase() });
      index = end;
    } else if (/[A-Za-z]/.test(next)) {
      const end = endOfTag(html, open);
      const body = html.slice(open + 1, html[end - 1] === '>' ? end - 1 : end);
      const name = (/^[A-Za-z][^\s/>]*/.exec(body)?.[0] ?? '').toLowerCase();
      tokens.push({ type: 'start', name, attributes: readAttributes(body.slice(name.length)) });
      index = end;
      if (RAW_TEXT.has(name)) {
        const close = name === 'plaintext' ? -1 : indexOfEndTag(html, name, index);
        const content = html.slice(index, close === -1 ? html.length : close);
        tokens.push({
          type: 'text',
          text: name === 'script' || name === 'style' ? content : decodeHtmlEntities(content),
        });
        tokens.push({ type: 'end', name });
        index = close === -1 ? html.length : endOfTag(html, close);
      }
    } else {
      text('<');
      index = open + 1;
    }
  }
  return tokens;
}
