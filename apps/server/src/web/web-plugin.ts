import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebAsset, WebAssets } from './web-assets.js';

/**
 * The console's Content-Security-Policy: scripts and styles only from this origin (no inline
 * script), API calls only to this origin, nothing from anywhere else, never framed.
 * `style-src 'unsafe-inline'` is there for one reason: the print preview shows the print route's
 * HTML (inline `<style>`) in a sandboxed `srcdoc` frame, which inherits this policy; the frame
 * runs no script (see docs/console.md).
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Options of {@link webConsolePlugin}. */
export interface WebConsoleOptions {
  assets: WebAssets;
}

function send(request: FastifyRequest, reply: FastifyReply, asset: WebAsset, html: boolean) {
  reply
    .header('content-type', asset.contentType)
    .header('etag', asset.etag)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', asset.immutable ? IMMUTABLE : 'no-cache');
  if (html) {
    reply
      .header('content-security-policy', CONSOLE_CSP)
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .header('cross-origin-opener-policy', 'same-origin');
  }
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  return reply.send(asset.body);
}

/**
 * Serves the built web console: each built file at its own path (hashed files under `/assets/`
 * cached for a year as immutable, the rest revalidated), and `index.html` at the console's own
 * paths (`/`, `/puzzles`, … from `console-routes.json`) — an explicit list, so every other
 * unknown path keeps the API's JSON 404. Routes are hidden from `/openapi.json`.
 *
 * @example
 * const assets = loadWebAssets(resolveWebPackageDir());
 * if (assets) await app.register(webConsolePlugin, { assets });
 */
export async function webConsolePlugin(app: FastifyInstance, options: WebConsoleOptions): Promise<void> {
  const { assets } = options;
  const schema = { hide: true };
  for (const [path, asset] of assets.files) {
    app.get(path, { schema }, (request, reply) => send(request, reply, asset, false));
  }
  for (const path of assets.routes) {
    app.get(path, { schema }, (request, reply) => send(request, reply, assets.index, true));
  }
}
