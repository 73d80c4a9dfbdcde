import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';
import { CONSOLE_CSP } from './web-plugin.js';

const [sqlite] = testDatabaseTargets();
let server: TestServer;
let apiOnly: TestServer;

beforeAll(async () => {
  if (!sqlite) throw new Error('no SQLite target');
  server = await createTestServer(sqlite);
  apiOnly = await createTestServer(sqlite, {}, { web: false });
});

afterAll(async () => {
  await server?.close();
  await apiOnly?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

function expectJsonNotFound(response: LightMyRequestResponse, path: string) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.json()).toEqual({
    error: { code: 'SERVER_NOT_FOUND', message: `No route for GET ${path}.` },
  });
}

describe('the web console served by the server', () => {
  it('opens at / with a strict CSP, no inline script and no caching of index.html', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Every <script> has a same-origin src: an inline one would be refused by script-src 'self'.
    const scripts = [...response.body.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
    expect(response.body).not.toMatch(/\b(?:src|href)="(?:https?:)?\/\//);
  });

  it('allows scripts, connections and frames from this origin only, and nothing inline but styles', () => {
    const directives = new Map(
      CONSOLE_CSP.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values] as const;
      }),
    );
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    for (const [name, values] of directives) {
      for (const value of values) {
        expect(value, `${name} names no other origin`).toMatch(/^(?:'[a-z-]+'|data:|blob:)$/);
        if (name !== 'style-src') expect(value).not.toBe("'unsafe-inline'");
      }
    }
  });

  it('caches hashed assets for a year as immutable and answers 304 to their etag', async () => {
    const index = await get('/');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(index.body)?.[1];
    if (!script || !style) throw new Error('index.html names no script or style');
    const js = await get(script);
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-security-policy']).toBeUndefined();
    const css = await get(style);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const again = await get(script, { 'if-none-match': String(js.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const revalidated = await get('/', { 'if-none-match': String(index.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it("answers the console's own paths with index.html (the SPA fallback)", async () => {
    const index = await get('/');
    for (const path of ['/puzzles', '/books', '/ideation', '/scripts', '/specs', '/account']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toBe(index.body);
      expect(response.headers['content-security-policy']).toBe(CONSOLE_CSP);
    }
  });

  it('never swallows an unknown path: the API keeps its JSON 404', async () => {
    for (const path of ['/nope', '/api/nope', '/puzzles/extra', '/assets/missing.js', '/index.html']) {
      expectJsonNotFound(await get(path), path);
    }
    const post = await server.app.inject({ method: 'POST', url: '/' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('SERVER_NOT_FOUND');
  });

  it('keeps the console out of /openapi.json', async () => {
    const document = (await get('/openapi.json')).json() as { paths: Record<string, unknown> };
    const paths = Object.keys(document.paths);
    expect(paths).not.toContain('/');
    expect(paths).not.toContain('/puzzles');
    expect(paths.filter((path) => path.startsWith('/assets'))).toEqual([]);
  });

  it('serves no console when told not to', async () => {
    expectJsonNotFound(await apiOnly.app.inject({ method: 'GET', url: '/' }), '/');
  });
});
