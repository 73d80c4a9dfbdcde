import { useState } from 'preact/hooks';
import { Notice } from '../../components/status';
import { type RunForMarkdown, toRunMarkdown } from './run-markdown';

/** Copies a run as Markdown; where the clipboard is refused, shows the text to copy by hand. */
export function CopyMarkdown({ run, label = 'Copy as Markdown' }: { run: RunForMarkdown; label?: string }) {
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string>();
  const copy = async () => {
    const markdown = toRunMarkdown(run);
    try {
      await navigator.clipboard.writeText(markdown);
      setCopied(true);
    } catch {
      setManual(markdown);
    }
  };
  return (
    <div>
      <button type="button" class="secondary" onClick={copy}>
        {label}
      </button>
      <Notice>{copied ? 'Copied as Markdown.' : null}</Notice>
      {manual ? (
        <>
          <label for="markdown-copy">The clipboard is not available here: select and copy this text.</label>
          <textarea id="markdown-copy" rows={8} readOnly value={manual} />
        </>
      ) : null}
    </div>
  );
}
