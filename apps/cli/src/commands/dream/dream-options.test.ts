import { once } from 'node:events';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';

describe('svc dream arguments', () => {
  it('answers --help with the options, the API key advice and the exit codes', async () => {
    const run = await runInProcess(['dream', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: svc dream "<topic>" [options]');
    expect(run.stdout).toContain(
      "prefer the variable: arguments\n                              are visible to other users in 'ps'",
    );
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stderr).toBe('');
  });

  it('is listed in the top help', async () => {
    const run = await runInProcess(['--help']);
    expect(run.stdout).toMatch(/^ {2}dream\s+Run the ideation pipeline/m);
  });

  it.each([
    [[], 'missing <topic>'],
    [['bees', 'hives'], "unexpected argument 'hives' (quote a topic of several words)"],
    [['  '], 'the topic is empty'],
    [['bees', '--mode', 'calm'], "--mode must be standard or wild, got 'calm'"],
    [['bees', '--depth', 'shallow'], "--depth must be standard or deep, got 'shallow'"],
    [['bees', '--server', 'ftp://x'], "--server must be an http(s) URL, got 'ftp://x'"],
    [['bees', '--stage-model', 'idea'], "--stage-model must look like key=provider/model, got 'idea'"],
    [
      ['bees', '--stage-model', 'idea=openai/'],
      "--stage-model must look like key=provider/model, got 'idea=openai/'",
    ],
    [['bees', '--input', '=x'], "--input must look like name=value, got '=x'"],
    [['bees', '--json=yes'], "option '--json' takes no value"],
    [['bees', '--mod', 'wild'], "unknown option '--mod'. Did you mean '--mode'?"],
  ])('rejects %j with exit 2: %s', async (argv, message) => {
    const run = await runInProcess(['dream', ...argv]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`svc dream: ${message}\nRun 'svc dream --help' for usage.\n`);
  });

  it('reports an unreadable or non-JSON pipeline file with exit 2', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'svc-dream-'));
    await writeFile(join(directory, 'broken.json'), '{ "stages": [', 'utf8');
    const missing = await runInProcess(['dream', 'bees', '--pipeline', 'none.json'], { cwd: directory });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('svc dream: cannot read none.json');
    const broken = await runInProcess(['dream', 'bees', '--pipeline', 'broken.json'], { cwd: directory });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('svc dream: broken.json is not JSON');
    const list = await runInProcess(['dream', 'bees', '--pipeline', '-'], { stdin: '[1]' });
    expect(list.stderr).toContain('svc dream: <stdin> must hold a pipeline object');
  });

  it('says which server it cannot reach, with exit 2', async () => {
    // A port that was just free and is closed again: the connection is refused.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const url = `http://127.0.0.1:${port}`;
    const run = await runInProcess(['dream', 'bees', '--no-color'], { env: { SVC_SERVER_URL: url } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`svc dream: cannot reach ${url}: ECONNREFUSED\n`);
  });
});
