import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../testing/access-test-fixtures.js';
import { createLmxTestServer, type LmxTestServer, runScriptAs } from '../testing/lmx-test-helpers.js';

// The bridged-mode pages under docs/lmx/ flag their examples `bridged` (```lma bridged): they
// need the server's tools, install, db or ai bridge, so they run here, through the real
// server, as a member without a plan on an install without model providers, whose notes are
// the three the pages show (and another user's private note, which must never show).
const docsDirectory = fileURLToPath(new URL('../../../../docs/lmx/', import.meta.url));

interface BridgedExample {
  name: string;
  mode: string;
  source: string;
  input?: unknown;
  output: string;
}

function readBridgedExamples(): BridgedExample[] {
  const examples: BridgedExample[] = [];
  for (const page of readdirSync(docsDirectory).filter((name) => name.endsWith('.md'))) {
    const text = readFileSync(join(docsDirectory, page), 'utf8');
    const blocks = [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((match) => ({
      info: (match[1] as string).trim(),
      text: (match[2] as string).replace(/\n$/, ''),
      line: text.slice(0, match.index).split('\n').length,
    }));
    blocks.forEach((block, index) => {
      const [mode, flag] = block.info.split(/\s+/);
      if (flag !== 'bridged' || !mode) return;
      const before = blocks[index - 1];
      const after = blocks[index + 1];
      if (after?.info !== 'output')
        throw new Error(`${page}:${block.line}: a bridged example needs an output block`);
      examples.push({
        name: `${page}:${block.line} (${mode})`,
        mode,
        source: block.text,
        ...(before?.info === 'input' ? { input: JSON.parse(before.text) as unknown } : {}),
        output: after.text,
      });
    });
  }
  return examples;
}

const examples = readBridgedExamples();

describe('docs/lmx bridged examples, through the server', () => {
  let server: LmxTestServer;

  beforeAll(async () => {
    server = await createLmxTestServer();
    const other = await signUp(server.app, `other-${Date.now()}@example.com`);
    const notes = [
      [server.member.cookie, { title: 'Buy flour', tag: 'kitchen', minutes: 5, done: false }],
      [server.member.cookie, { title: 'Fix the oven', tag: 'kitchen', minutes: 45, done: true }],
      [server.member.cookie, { title: 'Call the bank', tag: 'errands', minutes: 10, done: false }],
      [other.cookie, { title: 'Not yours', tag: 'kitchen', minutes: 99, done: false }],
    ] as const;
    for (const [cookie, payload] of notes) {
      // A second apart, so the newest-first order of LIST is the order they were stored in.
      server.clock.advance(1000);
      const stored = await server.app.inject({
        method: 'POST',
        url: '/db/notes',
        headers: { cookie },
        payload,
      });
      expect(stored.statusCode).toBe(201);
    }
  });

  afterAll(async () => server?.close());

  it('finds the bridged examples of every bridged mode', () => {
    expect(new Set(examples.map((example) => example.mode))).toEqual(
      new Set(['lma', 'lmi', 'lmq', 'lmai', 'lmg']),
    );
  });

  it.each(examples.map((example) => [example.name, example] as const))(
    'runs %s as the page shows',
    async (_name, example) => {
      const run = await runScriptAs(server.app, server.member.cookie, {
        mode: example.mode,
        source: example.source,
        ...(example.input === undefined ? {} : { input: example.input }),
      });
      const body = run.body as { output: string[]; error?: { code: string; message: string } };
      const printed = [
        ...body.output,
        ...(body.error ? [`error ${body.error.code}: ${body.error.message}`] : []),
      ];
      expect(printed.join('\n')).toBe(example.output);
    },
  );
});
