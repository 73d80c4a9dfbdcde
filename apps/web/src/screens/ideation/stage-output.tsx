import { useEffect, useMemo, useState } from 'preact/hooks';

/** Past this many characters a stage still being written shows as plain text (re-rendering Markdown on every delta would grow quadratically). */
const LIVE_MARKDOWN_LIMIT = 64 * 1024;

type RenderMarkdown = (text: string) => string;

// marked and DOMPurify (~85 kB) load with the first stage output, not with the console.
let renderer: RenderMarkdown | undefined;
let loading: Promise<RenderMarkdown> | undefined;
function loadRenderer(): Promise<RenderMarkdown> {
  loading ??= import('./render-markdown').then((module) => {
    renderer = module.renderMarkdown;
    return renderer;
  });
  return loading;
}

function useRenderer(): RenderMarkdown | undefined {
  const [loaded, setLoaded] = useState<{ render: RenderMarkdown } | undefined>(
    renderer ? { render: renderer } : undefined,
  );
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadRenderer().then((render) => {
      if (live) setLoaded({ render });
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded?.render;
}

/**
 * A stage's output: sanitised Markdown; plain text until the renderer has loaded, or while a very
 * long answer is still arriving.
 */
export function StageOutput({ text, writing }: { text: string; writing: boolean }) {
  const render = useRenderer();
  const plain = render === undefined || (writing && text.length > LIVE_MARKDOWN_LIMIT);
  const html = useMemo(() => (plain ? '' : render(text)), [text, plain, render]);
  if (plain) return <p class="stage-output">{text}</p>;
  // Safe: renderMarkdown escapes raw HTML and sanitises the result with DOMPurify.
  return <div class="stage-output markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
