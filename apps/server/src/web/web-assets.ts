import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, sep } from 'node:path';

/** One built file of the console, held in memory. */
export interface WebAsset {
  body: Buffer;
  contentType: string;
  /** A strong validator: the SHA-256 of the bytes. */
  etag: string;
  /** Vite puts content-hashed names under `assets/`: such a file never changes. */
  immutable: boolean;
}

/** The built console: its files by URL path, and the paths that answer with `index.html`. */
export interface WebAssets {
  files: Map<string, WebAsset>;
  index: WebAsset;
  routes: string[];
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function toAsset(path: string, immutable: boolean): WebAsset {
  const body = readFileSync(path);
  return {
    body,
    contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url')}"`,
    immutable,
  };
}

/**
 * The directory of `@svc/web`, the console's package: the server depends on it (workspace), so
 * Node's resolution finds it in a clone, in a deployment and in `node_modules` alike.
 *
 * @example
 * resolveWebPackageDir(); // '/srv/svc/apps/web'
 */
export function resolveWebPackageDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@svc/web/package.json'));
}

/**
 * Reads the built console (`<packageDir>/dist`, made by `vite build`) into memory: a few
 * hundred KB, served without touching the disk again, and no request path ever reaches the file
 * system. Returns `undefined` when the console was not built (no `dist/index.html`).
 *
 * @example
 * const assets = loadWebAssets(resolveWebPackageDir());
 */
export function loadWebAssets(packageDir: string): WebAssets | undefined {
  const distDir = join(packageDir, 'dist');
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return undefined;
  const manifest = JSON.parse(readFileSync(join(packageDir, 'console-routes.json'), 'utf8')) as {
    routes: string[];
  };
  const files = new Map<string, WebAsset>();
  for (const path of listFiles(distDir)) {
    const urlPath = `/${relative(distDir, path).split(sep).join('/')}`;
    if (urlPath === '/index.html') continue;
    files.set(urlPath, toAsset(path, urlPath.startsWith('/assets/')));
  }
  return { files, index: toAsset(indexPath, false), routes: manifest.routes };
}
