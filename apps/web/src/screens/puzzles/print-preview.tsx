import { useEffect, useRef, useState } from 'preact/hooks';
import { PX_PER_MM, TRIMS, type TrimName } from '../../lib/trims';

/**
 * The printable page as the print route returned it, at its trim's real size and scaled down to
 * the column. The frame is sandboxed without scripts (`allow-same-origin` only so the console can
 * call its `print()`, `allow-modals` so printing is allowed); see docs/console.md.
 */
export function PrintPreview({ html, trim, label }: { html: string; trim: TrimName; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [scale, setScale] = useState(0.5);
  const widthPx = TRIMS[trim].widthMm * PX_PER_MM;
  const heightPx = TRIMS[trim].heightMm * PX_PER_MM;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => setScale(Math.min(1, element.clientWidth / widthPx));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [widthPx]);
  const print = () => frame.current?.contentWindow?.print();
  return (
    <div>
      <div class="preview-frame-box" ref={box} style={{ height: `${Math.ceil(heightPx * scale)}px` }}>
        <iframe
          ref={frame}
          title={label}
          sandbox="allow-same-origin allow-modals"
          srcdoc={html}
          width={Math.round(widthPx)}
          height={Math.round(heightPx)}
          style={{ transform: `scale(${scale})` }}
          tabIndex={-1}
        />
      </div>
      <div class="actions">
        <button type="button" class="secondary" onClick={print}>
          Print
        </button>
        <span class="muted">
          {trim}: {TRIMS[trim].label}
        </span>
      </div>
    </div>
  );
}
