import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWebAssets, resolveWebPackageDir } from './web-assets.js';

const dirs: string[] = [];

function makePackage(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-web-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loading the built console', () => {
  it('holds every built file by URL path; only hashed files under /assets/ are immutable', () => {
    const dir = makePackage({
      'console-routes.json': '{"routes":["/","/books"]}',
      'dist/index.html': '<!doctype html><title>x</title>',
      'dist/assets/index-AbC123.js': 'console.log(1)',
      'dist/assets/index-AbC123.css': 'body{}',
      'dist/favicon.svg': '<svg/>',
    });
    const assets = loadWebAssets(dir);
    expect(assets?.routes).toEqual(['/', '/books']);
    expect([...(assets?.files.keys() ?? [])].sort()).toEqual([
      '/assets/index-AbC123.css',
      '/assets/index-AbC123.js',
      '/favicon.svg',
    ]);
    expect(assets?.files.get('/assets/index-AbC123.js')).toMatchObject({
      contentType: 'text/javascript; charset=utf-8',
      immutable: true,
    });
    expect(assets?.files.get('/favicon.svg')).toMatchObject({
      contentType: 'image/svg+xml',
      immutable: false,
    });
    expect(assets?.index.contentType).toBe('text/html; charset=utf-8');
    expect(assets?.index.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('reports a console that was never built as missing', () => {
    expect(loadWebAssets(makePackage({ 'console-routes.json': '{"routes":["/"]}' }))).toBeUndefined();
  });

  it("finds @svc/web through the server's own dependency", () => {
    expect(resolveWebPackageDir()).toMatch(/apps[/\\]web$/);
  });
});
