import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities, NAMED_ENTITIES } from './html-entities.js';
import { toTextBlocks } from './html-text-blocks.js';
import { tokenizeHtml } from './html-tokens.js';

describe('HTML read as text blocks for the pdf-lib provider', () => {
  it('reads headings, paragraphs, nested lists, pre, line breaks, rules and image alt text', () => {
    const html = `<!doctype html><html><head><title> The   Menu </title><style>p { color: red }</style></head>
      <body><h1>Menu</h1><p>Tea   and
      coffee<br>all day</p><ul><li>Green<li>Black<ol start="3"><li>Assam</li><li>Ceylon</li></ol></li></ul>
      <pre>
  two spaces
\tone tab</pre><hr><p><img src="data:image/png;base64,AA" alt="a cup"> served hot</p></body></html>`;
    expect(toTextBlocks(html)).toEqual({
      title: 'The Menu',
      blocks: [
        { kind: 'heading', level: 1, text: 'Menu' },
        { kind: 'paragraph', text: 'Tea and coffee\nall day', indent: 0 },
        { kind: 'item', marker: '•', text: 'Green', indent: 1 },
        { kind: 'item', marker: '•', text: 'Black', indent: 1 },
        { kind: 'item', marker: '3.', text: 'Assam', indent: 2 },
        { kind: 'item', marker: '4.', text: 'Ceylon', indent: 2 },
        { kind: 'pre', text: '  two spaces\n    one tab', indent: 0 },
        { kind: 'rule' },
        { kind: 'paragraph', text: '[a cup] served hot', indent: 0 },
      ],
    });
  });

  it('prints nothing of scripts, styles, templates, SVG or embedded documents', () => {
    const html =
      '<p>shown</p><script>document.write("<p>ran</p>")</script><style>.x{}</style><template><p>t</p></template><svg><text>svg</text></svg><iframe>frame</iframe><object>obj</object><p onclick="x()">also shown</p>';
    expect(toTextBlocks(html).blocks.map((block) => ('text' in block ? block.text : block.kind))).toEqual([
      'shown',
      'also shown',
    ]);
  });

  it('keeps text that merely looks like markup, and survives broken markup', () => {
    expect(toTextBlocks('<p>1 < 2 and a<b</p><p>unclosed <i>italic').blocks).toEqual([
      { kind: 'paragraph', text: '1 < 2 and a', indent: 0 },
      { kind: 'paragraph', text: 'unclosed italic', indent: 0 },
    ]);
    expect(toTextBlocks('<p title="a > b">x</p><!-- <p>comment</p> --><p>y').blocks).toEqual([
      { kind: 'paragraph', text: 'x', indent: 0 },
      { kind: 'paragraph', text: 'y', indent: 0 },
    ]);
  });
});

describe('HTML tokens and entities', () => {
  it('decodes numeric references, the Latin-1 names and the common others, and leaves unknown names', () => {
    expect(decodeHtmlEntities('Caf&eacute; &amp; cr&#xE8;me &#8364;5 &hellip; &nosuch; &#0; &#xD800;')).toBe(
      'Café & crème €5 … &nosuch; \uFFFD \uFFFD',
    );
    expect([NAMED_ENTITIES.get('nbsp'), NAMED_ENTITIES.get('yuml'), NAMED_ENTITIES.get('divide')]).toEqual([
      0xa0, 0xff, 0xf7,
    ]);
  });

  it('keeps a script’s text raw up to its own end tag', () => {
    expect(tokenizeHtml('<script>if (a < b) { x = "</p>" }</script><P CLASS=\'k\'>t</P>')).toEqual([
      { type: 'start', name: 'script', attributes: {} },
      { type: 'text', text: 'if (a < b) { x = "</p>" }' },
      { type: 'end', name: 'script' },
      { type: 'start', name: 'p', attributes: { class: 'k' } },
      { type: 'text', text: 't' },
      { type: 'end', name: 'p' },
    ]);
  });
});
