import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLmxTestServer,
  type LmxTestServer,
  runScriptAs,
  startDisplayWithWindow,
} from '../testing/lmx-test-helpers.js';

// The host-mode pages under docs/lmx/ flag their examples `host` (```lms host): they need the
// server's host bridge, so they run here, as an admin with SVC_LMX_HOST_MODES, against a real
// Xvfb display with an xterm titled "notes" and a loopback HTTP server given as input.base.
const docsDirectory = fileURLToPath(new URL('../../../../docs/lmx/', import.meta.url));

interface HostExample {
  name: string;
  mode: string;
  source: string;
  input?: Record<string, unknown>;
  output: string;
}

function readHostExamples(): HostExample[] {
  const examples: HostExample[] = [];
  for (const page of readdirSync(docsDirectory).filter((name) => name.endsWith('.md'))) {
    const blocks = [
      ...readFileSync(join(docsDirectory, page), 'utf8').matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm),
    ].map((match) => ({
      info: (match[1] as string).trim(),
      text: (match[2] as string).replace(/\n$/, ''),
      line: readFileSync(join(docsDirectory, page), 'utf8').slice(0, match.index).split('\n').length,
    }));
    blocks.forEach((block, index) => {
      const [mode, flag] = block.info.split(/\s+/);
      if (flag !== 'host' || !mode) return;
      const before = blocks[index - 1];
      const after = blocks[index + 1];
      if (after?.info !== 'output')
        throw new Error(`${page}:${block.line}: a host example needs an output block`);
      examples.push({
        name: `${page}:${block.line} (${mode})`,
        mode,
        source: block.text,
        ...(before?.info === 'input' ? { input: JSON.parse(before.text) as Record<string, unknown> } : {}),
        output: after.text,
      });
    });
  }
  return examples;
}

const examples = readHostExamples();

describe('docs/lmx host-mode examples, through the server', () => {
  let server: LmxTestServer;
  let receiver: Server;
  let port: number;
  let desktop: { display: string; stop(): void };
  const scratch = mkdtempSync(join(tmpdir(), 'svc-lmx-docs-'));

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => response.end(request.method === 'POST' ? `got ${body}` : 'hello'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    desktop = await startDisplayWithWindow('notes', join(scratch, 'typed.txt'));
    server = await createLmxTestServer({
      SVC_LMX_HOST_MODES: '1',
      SVC_LMX_NET_ALLOWED_HOSTS: `127.0.0.1:${port}`,
      DISPLAY: desktop.display,
    });
    // lmk types into the focused window: focus the terminal the way a script would.
    const focus = await runScriptAs(server.app, server.adminCookie, {
      mode: 'lmd',
      source: 'FOCUS "notes" -> w',
    });
    expect(focus.body).toMatchObject({ ok: true });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    receiver?.closeAllConnections();
    receiver?.close();
    desktop?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('finds the host examples of every host mode that needs the bridge', () => {
    expect(new Set(examples.map((example) => example.mode))).toEqual(new Set(['lms', 'lmk', 'lmd', 'lmnet']));
  });

  it.each(examples.map((example) => [example.name, example] as const))(
    'runs %s as the page shows',
    async (_name, example) => {
      const input = example.input ? { ...example.input, base: `http://127.0.0.1:${port}`, port } : undefined;
      const run = await runScriptAs(server.app, server.adminCookie, {
        mode: example.mode,
        source: example.source,
        ...(input ? { input } : {}),
      });
      const body = run.body as { output: string[]; error?: { code: string; message: string } };
      const printed = [
        ...body.output,
        ...(body.error ? [`error ${body.error.code}: ${body.error.message}`] : []),
      ];
      expect(printed.join('\n')).toBe(example.output);
    },
  );

  it('typed what the lmk page shows into the focused window', async () => {
    const typed = join(scratch, 'typed.txt');
    for (let attempt = 0; attempt < 100 && !readFileSync(typed, 'utf8').includes('\n'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(readFileSync(typed, 'utf8')).toBe('hello from lmk\n');
  });
});
