import { describe, expect, it } from 'vitest';
import { textOfPdf } from '../testing/pdf-test-helpers.js';
import { createPdfLibRenderer } from './pdf-lib-renderer.js';

// What the pdf-lib provider prints, read back with poppler's pdftotext (a slow suite: it drives
// the PDF tools; CI installs poppler-utils).

const open = () => ({ signal: new AbortController().signal, deadline: Date.now() + 60_000 });
const textOf = async (html: string) =>
  textOfPdf(await createPdfLibRenderer().render({ html, paper: 'a4' }, open()));

describe('the pdf-lib provider’s text', () => {
  it('prints headings, paragraphs, list markers, pre and decoded entities in order', async () => {
    const text = await textOf(
      '<h1>Caf&eacute; menu</h1><p>Tea &amp; coffee &mdash; 2&nbsp;&euro;</p><ol><li>Green</li><li>Black</li></ol><ul><li>Milk</li></ul><pre>x = 1\ny = 2</pre>',
    );
    expect(text).toMatch(
      /Café menu[\s\S]*Tea & coffee — 2\s€[\s\S]*1\.[\s\S]*Green[\s\S]*2\.[\s\S]*Black[\s\S]*•[\s\S]*Milk[\s\S]*x = 1\s+y = 2/,
    );
  });

  it('replaces what the standard fonts cannot print with a visible "?", and prints no script or style', async () => {
    const text = await textOf(
      '<p>Chinese 漢字, Greek αβ, emoji 😀, Latin ÀÉÎ</p><script>HIDDEN()</script><style>.hidden{}</style>',
    );
    expect(text).toContain('Chinese ??, Greek ??, emoji ?, Latin ÀÉÎ');
    expect(text).not.toContain('HIDDEN');
    expect(text).not.toContain('.hidden');
  });

  it('wraps long paragraphs within the page instead of cutting them off', async () => {
    const words = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');
    const text = await textOf(`<p>${words}</p>`);
    expect(text.split('\n').filter((line) => line.trim() !== '').length).toBeGreaterThan(3);
    expect(text.replace(/\s+/g, ' ').trim()).toBe(words);
  });
});
