import { useEffect, useState } from 'preact/hooks';
import { sendRequest } from '../../api/http';
import { PX_PER_MM, TRIMS, type TrimName } from '../../lib/trims';

/** A saved page as much as a thumbnail needs: its id and what the print route takes. */
export interface ThumbnailSource {
  id: string;
  kind: string;
  doc: unknown;
}

/** Printed HTML by page id, or `false` where the print route refused. */
export type Thumbnails = ReadonlyMap<string, string | false>;

/** Width of a thumbnail in CSS pixels; its height follows the trim. */
export const THUMBNAIL_WIDTH_PX = 64;

/**
 * The print route's HTML of each page in the book, for its thumbnail: one request per distinct
 * page and trim, one at a time (the print route is rate-limited like any caller's), kept while
 * the screen is open. A page added twice is fetched once.
 */
export function usePageThumbnails(pages: ThumbnailSource[], trim: TrimName): Thumbnails {
  const [cache, setCache] = useState<{ trim: TrimName; html: Map<string, string | false> }>({
    trim,
    html: new Map(),
  });
  const current = cache.trim === trim ? cache.html : new Map<string, string | false>();
  const missing = pages.find((page) => !current.has(page.id));
  useEffect(() => {
    if (!missing) return;
    const controller = new AbortController();
    const settle = (value: string | false) =>
      setCache((previous) => {
        const html = new Map(previous.trim === trim ? previous.html : []);
        html.set(missing.id, value);
        return { trim, html };
      });
    sendRequest('/api/activity/pages/print', {
      method: 'POST',
      body: { kind: missing.kind, doc: missing.doc, trim },
      signal: controller.signal,
    })
      .then(async (response) => settle(await response.text()))
      .catch(() => {
        if (!controller.signal.aborted) settle(false);
      });
    return () => controller.abort();
  }, [missing?.id, trim]);
  return current;
}

/**
 * A page as it prints, shrunk to {@link THUMBNAIL_WIDTH_PX}: the print route's HTML in a frame
 * sandboxed with no permission at all (no script, an opaque origin), hidden from assistive
 * technology (the entry's title says which page it is).
 */
export function PageThumbnail({
  html,
  trim,
  label,
}: {
  html: string | false | undefined;
  trim: TrimName;
  label: string;
}) {
  const widthPx = TRIMS[trim].widthMm * PX_PER_MM;
  const heightPx = TRIMS[trim].heightMm * PX_PER_MM;
  const scale = THUMBNAIL_WIDTH_PX / widthPx;
  const box = { width: `${THUMBNAIL_WIDTH_PX}px`, height: `${Math.round(heightPx * scale)}px` };
  if (typeof html !== 'string')
    return (
      <div class="thumbnail thumbnail-missing" style={box} aria-hidden="true">
        {html === false ? 'No preview' : '…'}
      </div>
    );
  return (
    <div class="thumbnail" style={box} aria-hidden="true" data-testid="page-thumbnail">
      <iframe
        title={`Preview of ${label}`}
        sandbox=""
        srcdoc={html}
        width={Math.round(widthPx)}
        height={Math.round(heightPx)}
        style={{ transform: `scale(${scale})` }}
        tabIndex={-1}
        loading="lazy"
      />
    </div>
  );
}
