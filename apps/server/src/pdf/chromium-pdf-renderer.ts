import type { FastifyBaseLogger } from 'fastify';
import type { CapabilityProvider } from '../capabilities/capability-types.js';
import { ServerError } from '../errors/server-error.js';
import type { CdpEvent } from './cdp-pipe.js';
import { type ChromiumProcess, startChromium } from './chromium-process.js';
import type { ChromiumLocation } from './locate-chromium.js';
import {
  MAX_PDF_PAGES,
  PAGE_MARGIN_POINTS,
  PAPER_POINTS,
  type PdfRenderer,
  type PdfRenderOptions,
  type PdfRenderRequest,
} from './pdf-renderer.js';

/**
 * Put before the caller's HTML: the strictest policy that still prints a styled page. No
 * script, no frame, no object, no request but inline styles and `data:` images and fonts; no
 * `<base>` or form target either. The caller's own policies can only narrow it further.
 */
export const UNTRUSTED_HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'";

/** The prefix of every document Chromium prints. */
export function toGuardedHtml(html: string): string {
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${UNTRUSTED_HTML_CSP}">${html}`;
}

/** Longest wait for the document's load event (data: images decoding) before printing anyway. */
const LOAD_WAIT_MS = 5000;

/** What the chromium provider needs. */
export interface ChromiumRendererOptions {
  /** Where the browser is (looked up again on each use: an uninstalled browser is noticed). */
  locate(): ChromiumLocation;
  /** Browser processes at once in this server; one more is `PDF_RENDERER_BUSY`. */
  browsers: number;
  log: FastifyBaseLogger;
}

/** The chromium provider, and what it has running. */
export interface ChromiumRenderer extends PdfRenderer {
  /** Browser processes running now. */
  running(): number;
  /** Kills every browser still running (server shutdown). */
  stopAll(): Promise<void>;
}

const toInches = (points: number): number => points / 72;

/**
 * The `chromium` provider of `pdf.render`: one fresh headless Chromium per render, spoken to
 * over its DevTools pipe (no dependency). The untrusted HTML is written into an `about:blank`
 * page (an opaque origin, so no `file:` URL can load), with script execution disabled in the
 * engine, the CSP {@link UNTRUSTED_HTML_CSP} prepended, every network request failed by the
 * Fetch domain and, underneath, a dead proxy and a resolver that resolves nothing. The browser
 * runs in its own process group, killed at the deadline, on abort and after every render;
 * its temporary profile is removed.
 *
 * @example
 * const chromium = createChromiumRenderer({ locate: () => locateChromium(undefined, process.env.PATH), browsers: 2, log });
 * const pdf = await chromium.render({ html: '<h1>Hi</h1>', paper: 'a4' }, { signal, deadline: Date.now() + 30_000 });
 */
export function createChromiumRenderer(options: ChromiumRendererOptions): ChromiumRenderer {
  const active = new Set<ChromiumProcess>();
  // Taken before the browser starts (starting awaits), so two calls cannot both take the last one.
  let slots = 0;
  return {
    name: 'chromium',
    describe(): CapabilityProvider {
      const location = options.locate();
      return {
        provider: 'chromium',
        kind: 'headless-browser',
        available: location.found,
        note: location.found
          ? 'full HTML and CSS layout; no script, no network, no local files'
          : location.reason,
      };
    },
    running: () => slots,
    async stopAll() {
      await Promise.all([...active].map((browser) => browser.stop()));
    },
    async render(request, renderOptions) {
      const location = options.locate();
      if (!location.found) {
        throw new ServerError(
          'PDF_PROVIDER_UNAVAILABLE',
          `The chromium provider is not available: ${location.reason}.`,
          {
            details: { provider: 'chromium', reason: location.reason },
          },
        );
      }
      if (slots >= options.browsers) {
        throw new ServerError(
          'PDF_RENDERER_BUSY',
          `All ${options.browsers} browser processes of this server are rendering; retry in a few seconds.`,
          { details: { provider: 'chromium', browsers: options.browsers, retryAfterMs: 2000 } },
        );
      }
      slots += 1;
      let browser: ChromiumProcess | undefined;
      try {
        const started = await startChromium(location.path);
        browser = started;
        active.add(started);
        return await underDeadline(started, renderOptions, () => printWith(started, request));
      } catch (error) {
        if (error instanceof ServerError) throw error;
        // What went wrong (paths, the browser's own words) goes to the log, not to the caller.
        options.log.warn({ err: error, stderr: browser?.stderrTail() }, 'chromium render failed');
        throw new ServerError('PDF_RENDER_FAILED', 'Chromium could not render the document.', {
          cause: error,
        });
      } finally {
        if (browser) {
          await browser.stop();
          active.delete(browser);
        }
        slots -= 1;
      }
    },
  };
}

/** Runs `work`, killing the browser (and failing) when the deadline passes or the signal aborts. */
async function underDeadline<T>(
  browser: ChromiumProcess,
  { signal, deadline }: PdfRenderOptions,
  work: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_resolve, reject) => {
    const stop = (error: ServerError): void => {
      void browser.stop();
      reject(error);
    };
    timer = setTimeout(
      () => stop(new ServerError('CAP_TIMEOUT', 'The render passed its deadline; the browser was stopped.')),
      Math.max(0, deadline - Date.now()),
    );
    onAbort = () =>
      stop(new ServerError('CAP_ABORTED', 'The render was cancelled; the browser was stopped.'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  stopped.catch(() => undefined);
  try {
    return await Promise.race([work(), stopped]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

async function printWith(browser: ChromiumProcess, request: PdfRenderRequest): Promise<Uint8Array> {
  const { cdp } = browser;
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  const page = <Result = Record<string, unknown>>(method: string, params: Record<string, unknown> = {}) =>
    cdp.send<Result>(method, params, sessionId);
  let loaded: () => void = () => undefined;
  const load = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  cdp.onEvent((event: CdpEvent) => {
    if (event.sessionId !== sessionId) return;
    if (event.method === 'Page.loadEventFired') loaded();
    // Every request the page makes ends here, before any proxy or resolver is asked: a
    // navigation (a meta refresh, a frame) is answered 204, which leaves the page where it is,
    // anything else fails.
    if (event.method === 'Fetch.requestPaused') {
      const { requestId, resourceType } = event.params;
      const answer =
        resourceType === 'Document'
          ? page('Fetch.fulfillRequest', { requestId, responseCode: 204, body: '' })
          : page('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' });
      answer.catch(() => undefined);
    }
  });
  await page('Page.enable');
  await page('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await page('Emulation.setScriptExecutionDisabled', { value: true });
  const { frameTree } = await page<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree');
  await page('Page.setDocumentContent', { frameId: frameTree.frame.id, html: toGuardedHtml(request.html) });
  let waited: NodeJS.Timeout | undefined;
  await Promise.race([load, new Promise((resolve) => (waited = setTimeout(resolve, LOAD_WAIT_MS)))]);
  clearTimeout(waited);
  const paper = PAPER_POINTS[request.paper];
  const margin = toInches(PAGE_MARGIN_POINTS);
  const { data } = await page<{ data: string }>('Page.printToPDF', {
    paperWidth: toInches(paper.width),
    paperHeight: toInches(paper.height),
    marginTop: margin,
    marginBottom: margin,
    marginLeft: margin,
    marginRight: margin,
    printBackground: true,
    preferCSSPageSize: false,
    displayHeaderFooter: false,
    // One page past the bound is enough to know the document is too long.
    pageRanges: `1-${MAX_PDF_PAGES + 1}`,
  });
  return Buffer.from(data, 'base64');
}
