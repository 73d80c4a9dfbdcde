import { tokenizeHtml } from './html-tokens.js';

/** One block of a text layout: what the pdf-lib provider prints. */
export type TextBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'paragraph'; text: string; indent: number }
  | { kind: 'item'; marker: string; text: string; indent: number }
  | { kind: 'pre'; text: string; indent: number }
  | { kind: 'rule' };

/** A document as text blocks, with its `<title>` when it has one. */
export interface TextDocument {
  title?: string;
  blocks: TextBlock[];
}

const BLOCKS = new Set(
  'address article aside blockquote body caption center dd details dialog div dl dt fieldset figcaption figure footer form header hgroup html legend main nav ol p section summary table tbody tfoot thead tr ul li pre hr h1 h2 h3 h4 h5 h6'.split(
    ' ',
  ),
);
/** Content never printed: scripts, styles, embedded documents and graphics, templates. */
const HIDDEN = new Set([
  'head',
  'script',
  'style',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'select',
  'noembed',
  'noframes',
]);
const VOID = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));
const INDENTING = new Set(['blockquote', 'dd', 'ul', 'ol']);
const HEADING = /^h([1-6])$/;
const BREAK = '\u2028';

/**
 * Reads HTML as a text layout needs it: headings, paragraphs, list items (bullets, or numbers
 * in `<ol>`, nested lists indented), `<pre>` with its spacing, `<br>` line breaks, `<hr>` rules
 * and images as their alt text. Whitespace collapses as in a browser; markup it does not know
 * is read for its text; nothing is run or fetched.
 *
 * @example
 * toTextBlocks('<h1>Menu</h1><ul><li>Tea</li></ul>').blocks;
 * // [{ kind: 'heading', level: 1, text: 'Menu' }, { kind: 'item', marker: '•', text: 'Tea', indent: 1 }]
 */
export function toTextBlocks(html: string): TextDocument {
  const blocks: TextBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  const open: string[] = [];
  let title: string | undefined;
  let text = '';
  let pending: { kind: 'heading'; level: number } | { kind: 'item'; marker: string } | undefined;
  let hidden = 0;
  let pre: { text: string } | undefined;
  let indent = 0;

  const flush = (): void => {
    const collapsed = text
      .replace(/[ \t\n\r\f]+/g, ' ')
      .replace(new RegExp(` ?${BREAK} ?`, 'g'), '\n')
      .trim();
    text = '';
    if (collapsed === '' && pending?.kind !== 'item') return;
    if (pending?.kind === 'heading') {
      blocks.push({ kind: 'heading', level: pending.level as 1, text: collapsed });
    } else if (pending?.kind === 'item') {
      blocks.push({ kind: 'item', marker: pending.marker, text: collapsed, indent });
    } else {
      blocks.push({ kind: 'paragraph', text: collapsed, indent });
    }
    pending = undefined;
  };

  for (const token of tokenizeHtml(html)) {
    if (token.type === 'text') {
      if (open.at(-1) === 'title') title ??= token.text.replace(/\s+/g, ' ').trim();
      else if (hidden > 0) continue;
      else if (pre) pre.text += token.text;
      else text += token.text;
      continue;
    }
    const { name } = token;
    if (token.type === 'start') {
      if (name === 'title') {
        open.push(name);
        continue;
      }
      if (HIDDEN.has(name)) hidden += 1;
      if (hidden > 0) {
        // Pushed even while hidden, so end tags inside close what opened inside.
        if (!VOID.has(name)) open.push(name);
        continue;
      }
      if (pre) {
        if (name === 'br') pre.text += '\n';
        continue;
      }
      if (name === 'br') text += BREAK;
      else if (name === 'img' && token.attributes.alt) text += ` [${token.attributes.alt}] `;
      else if (name === 'td' || name === 'th') text += '   ';
      else if (BLOCKS.has(name)) {
        flush();
        if (name === 'hr') blocks.push({ kind: 'rule' });
        const heading = HEADING.exec(name);
        if (heading) pending = { kind: 'heading', level: Number(heading[1]) };
        if (name === 'ul' || name === 'ol')
          lists.push({ ordered: name === 'ol', next: Number(token.attributes.start) || 1 });
        if (name === 'li') {
          const list = lists.at(-1);
          pending = { kind: 'item', marker: list?.ordered ? `${list.next++}.` : '•' };
        }
        if (INDENTING.has(name)) indent += 1;
        if (name === 'pre') pre = { text: '' };
      }
      if (!VOID.has(name)) open.push(name);
      continue;
    }
    // An end tag closes the innermost open element of its name (and what it left open).
    const at = open.lastIndexOf(name);
    if (at === -1) continue;
    for (const closed of open.splice(at).reverse()) closeElement(closed);
  }
  if (pre) closeElement('pre');
  flush();
  return { ...(title ? { title } : {}), blocks };

  function closeElement(closed: string): void {
    if (closed === 'title') return;
    if (HIDDEN.has(closed)) {
      hidden = Math.max(0, hidden - 1);
      return;
    }
    if (hidden > 0) return;
    if (closed === 'pre' && pre) {
      const body = pre.text
        .replace(/\r\n?/g, '\n')
        .replace(/^\n/, '')
        .replace(/\s+$/, '')
        .replace(/\t/g, '    ');
      if (body !== '') blocks.push({ kind: 'pre', text: body, indent });
      pre = undefined;
      return;
    }
    if (!BLOCKS.has(closed)) return;
    flush();
    if (closed === 'ul' || closed === 'ol') lists.pop();
    if (INDENTING.has(closed)) indent = Math.max(0, indent - 1);
  }
}
