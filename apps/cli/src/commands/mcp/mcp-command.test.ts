import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SAMPLE_DOCS } from '@svc/docs-reader/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Runs the built executable over real stdio, as an agent would: build @svc/cli first.
const BIN = fileURLToPath(new URL('../../../dist/bin.js', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'svc-mcp-'));
let client: Client;

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build @svc/cli first`);
  for (const [path, content] of Object.entries(SAMPLE_DOCS)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), content);
  }
  client = new Client({ name: 'svc-mcp-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--source', work],
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  rmSync(work, { recursive: true, force: true });
});

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

describe('svc mcp over stdio', () => {
  it('lists the six read-only docs tools with their schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'searchDocs',
      'getPage',
      'listPackages',
      'getSymbol',
      'howDoI',
      'grepDocs',
    ]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('answers every tool with structured content and the same as text', async () => {
    const search = await call('searchDocs', { q: 'rate limits' });
    expect(search.isError).toBeFalsy();
    const results = (search.structuredContent as { results: Array<{ pageId: string; anchor: string }> })
      .results;
    expect(results[0]).toMatchObject({ pageId: 'reference/limits', anchor: 'rate-limits' });
    expect(JSON.parse(search.content[0]?.text ?? '')).toEqual(search.structuredContent);

    const page = await call('getPage', { page: 'guides/install' });
    expect(page.content[0]?.text).toContain('# How to install the widget');
    expect(page.structuredContent).toMatchObject({
      id: 'guides/install',
      kind: 'how-to',
      provenance: { sourcePath: expect.stringMatching(/guides\/install.md$/) },
    });

    expect((await call('listPackages', {})).structuredContent).toEqual({ total: 0, packages: [] });
    expect((await call('howDoI', { task: 'install with npm' })).structuredContent).toMatchObject({
      answers: expect.arrayContaining([expect.objectContaining({ pageId: 'guides/install' })]),
    });
    expect((await call('grepDocs', { pattern: 'Retry-After' })).structuredContent).toMatchObject({
      matches: [{ pageId: 'reference/limits', line: 12 }],
    });
    const symbol = await call('getSymbol', { name: 'createWidget' });
    expect(symbol.isError).toBe(true);
    expect(symbol.structuredContent).toMatchObject({ error: { code: 'DOCS_SYMBOL_NOT_FOUND' } });
  });

  it('reports failures as isError results in the one error shape', async () => {
    const missing = await call('getPage', { id: 'guides/instal' });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toEqual({
      error: {
        code: 'DOCS_PAGE_NOT_FOUND',
        message: expect.any(String),
        details: { id: 'guides/instal', suggestions: ['guides/install', 'guides'] },
      },
    });
    const rejected = await call('grepDocs', { pattern: '(a)\\1', regex: true });
    expect(rejected.structuredContent).toMatchObject({ error: { code: 'DOCS_PATTERN_REJECTED' } });
    const noQuery = await call('searchDocs', {});
    expect(noQuery).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'DOCS_INVALID_ARGUMENT' } },
    });
  });
});
