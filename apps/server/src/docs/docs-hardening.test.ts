import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRepoTestSite, startDocsServer } from '../testing/docs-test-site.js';
import { describeHealthz, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { connectMcpClient } from '../testing/mcp-test-client.js';

let site: { siteDir: string; remove(): void };
let server: Awaited<ReturnType<typeof startDocsServer>>;

beforeAll(async () => {
  site = await buildRepoTestSite();
  server = await startDocsServer({ siteDir: site.siteDir });
}, 120_000);

afterAll(async () => {
  await server?.close();
  site?.remove();
});

interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
}
// biome-ignore lint/suspicious/noExplicitAny: tool results are JSON of many shapes
const resultOf = (result: unknown): any => JSON.parse((result as ToolResult).content[0]?.text ?? 'null');

describe('grepDocs over MCP, anonymous', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectMcpClient(server.base);
    // Opens the site and starts the grep thread, so the probes below time greps, not start-up.
    await client.callTool({ name: 'grepDocs', arguments: { pattern: 'svc' } });
  }, 60_000);
  afterAll(async () => client?.close());
  const grep = (args: Record<string, unknown>) => client.callTool({ name: 'grepDocs', arguments: args });

  it('answers chained wildcards while /healthz keeps answering', async () => {
    // In a backtracking engine four `.*` cost the fourth power of the line: seconds per call.
    const attacks = [
      { pattern: '.*.*.*.*\u0001', regex: true, page: 'lmx/lmt' },
      { pattern: '.*.*.*.*.*\u0001', regex: true },
      { pattern: '^(\\w+\\s?)*\u0001$', regex: true },
      // Linear in RE2 but with a large constant in a pure-JavaScript port: stopped by the budget.
      { pattern: '\\p{L}.{190}\\d$', regex: true },
    ];
    const seen = await probeHealthzAgainstBaseline(server.base, async () => {
      const results = [];
      for (const attack of attacks) results.push((await grep(attack)) as ToolResult);
      return results;
    });
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    for (const [index, result] of seen.result.entries()) {
      expect(result.isError, JSON.stringify(attacks[index])).toBeFalsy();
      expect(resultOf(result).matches).toEqual([]);
    }
    expect(resultOf(seen.result[0]).truncated).toBe(false);
  });

  it('still finds what a regular expression or a substring names', async () => {
    const regex = resultOf(await grep({ pattern: 'GATE_[A-Z]+_BALANCE', regex: true }));
    expect(regex.matches.length).toBeGreaterThan(0);
    expect(regex.matches[0].text).toMatch(/GATE_[A-Z]+_BALANCE/);
    const nested = resultOf(await grep({ pattern: '(GATE_(UN)+AUTHENTICATED)+', regex: 'true' }));
    expect(nested.matches.length).toBeGreaterThan(0);
    const exact = resultOf(await grep({ q: 'Retry-After', page: 'gate/auth' }));
    expect(exact.matches.length).toBeGreaterThan(0);
    expect(exact.matches.every((match: { pageId: string }) => match.pageId === 'gate/auth')).toBe(true);
  });

  it('refuses what RE2 cannot express with a typed error and the reason', async () => {
    for (const [pattern, reason] of [
      ['(a)\\1', 'backreferences'],
      ['x(?=y)', 'lookahead'],
      ['(?<!x)y', 'lookbehind'],
    ]) {
      const refused = (await grep({ pattern, regex: true })) as ToolResult;
      expect(refused.isError, pattern).toBe(true);
      expect(resultOf(refused).error, pattern).toMatchObject({
        code: 'DOCS_PATTERN_REJECTED',
        details: { reason },
      });
    }
    const invalid = (await grep({ pattern: '([', regex: true })) as ToolResult;
    expect(resultOf(invalid).error.code).toBe('DOCS_INVALID_ARGUMENT');
    const missing = (await grep({ pattern: 'x', page: 'gate/auht' })) as ToolResult;
    expect(resultOf(missing).error).toMatchObject({
      code: 'DOCS_PAGE_NOT_FOUND',
      details: { suggestions: expect.arrayContaining(['gate/auth']) },
    });
  });
});

describe('docs paths a file system cannot take', () => {
  it('answers 400 SERVER_BAD_URL for a control character, 404 for a path out of the site, and still serves the files', async () => {
    for (const path of [
      '/docs/%00.md',
      '/docs/gate/auth.md%00.json',
      '/docs/gate%01/auth.md',
      '/docs/gate%5Cauth.md',
    ]) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(400);
      expect((await response.json()).error.code, path).toBe('SERVER_BAD_URL');
    }
    for (const path of [
      '/docs/%2e%2e/%2e%2e/package.json',
      '/docs/..%2f..%2fpackage.json',
      '/docs/nope.md',
    ]) {
      const response = await fetch(`${server.base}${path}`);
      expect(response.status, path).toBe(404);
      expect((await response.json()).error.code, path).toBe('SERVER_NOT_FOUND');
    }
    const page = await fetch(`${server.base}/docs/gate/auth.md`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('#');
    const api = await fetch(`${server.base}/api/docs/page/%00`);
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('DOCS_PAGE_NOT_FOUND');
  });
});
