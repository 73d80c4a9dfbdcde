import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Model output is untrusted text. Raw HTML in it is shown as text, never parsed: marked escapes
// it (an `onerror` attribute must not even reach DOMPurify's parser, where Chromium already
// checks it against the console's CSP). DOMPurify then keeps only inert markup of what marked
// wrote: no javascript: URLs, no forms, no styles, no images (a remote image would be a
// tracking beacon; the CSP would block it anyway). Links open in a new tab without referrer.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const markdown = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // A block of raw HTML reads as its own paragraph of text; inline HTML stays inline.
    html: ({ text, block }) => (block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)),
  },
});

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'img',
  'iframe',
  'svg',
  'math',
];

let hooked = false;
function addLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/**
 * Renders Markdown from a model as sanitised HTML, safe for `dangerouslySetInnerHTML`.
 *
 * @example
 * renderMarkdown('## Ideas\n\n1. **Hive scale**'); // '<h2>Ideas</h2>\n<ol>\n<li><strong>Hive scale</strong></li>\n</ol>\n'
 */
export function renderMarkdown(text: string): string {
  addLinkHook();
  const html = markdown.parse(text) as string;
  // Trimmed: the newline marked ends blocks with would be text of its own after the last one.
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR: ['style'],
  }).trim();
}
