import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from './render-markdown-html.js';

describe('renderMarkdownHtml', () => {
  it('gives headings the anchors the index uses, deduplicated', () => {
    const html = renderMarkdownHtml('# Usage\n\n## `validate` options\n\n## Usage');
    expect(html).toContain('<h1 id="usage">');
    expect(html).toContain('<h2 id="validate-options">');
    expect(html).toContain('<h2 id="usage-1">');
  });

  it('highlights code and escapes everything else', () => {
    const html = renderMarkdownHtml('```ts\nconst a = "<b>"; // note\n```\n\n<script>alert(1)</script>');
    expect(html).toContain(
      '<span class="hl-k">const</span> a = <span class="hl-s">&quot;&lt;b&gt;&quot;</span>; <span class="hl-c">// note</span>',
    );
    expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('rewrites links, neutralises script URLs, renders tables and lists', () => {
    const html = renderMarkdownHtml(
      'See [auth](auth.md#keys) and [x](javascript:alert(1)).\n\n| a | b |\n|---|---|\n| 1 | `2` |\n\n- one\n  - nested\n- two',
      {
        linkHref: (href) => href.replace(/\.md/, ''),
      },
    );
    expect(html).toContain('<a href="auth#keys">auth</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<td>1</td><td><code>2</code></td>');
    expect(html).toContain('<ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul>');
  });
});
