import { useMemo } from 'preact/hooks';
import { renderMarkdown } from './render-markdown';

/** Past this many characters a stage still being written shows as plain text (re-rendering Markdown on every delta would grow quadratically). */
const LIVE_MARKDOWN_LIMIT = 64 * 1024;

/** A stage's output: sanitised Markdown, or plain text while a very long answer is still arriving. */
export function StageOutput({ text, writing }: { text: string; writing: boolean }) {
  const plain = writing && text.length > LIVE_MARKDOWN_LIMIT;
  const html = useMemo(() => (plain ? '' : renderMarkdown(text)), [text, plain]);
  if (plain) return <p class="stage-output">{text}</p>;
  // Safe: renderMarkdown escapes raw HTML and sanitises the result with DOMPurify.
  return <div class="stage-output markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
