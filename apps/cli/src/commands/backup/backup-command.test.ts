import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BIN } from '../../testing/run-bin.js';
import { runInProcess } from '../../testing/run-in-process.js';
import { type DreamTestServer, startDreamTestServer } from '../dream/dream-test-server.js';

/** A local HTTP server answering every request with `answer` (a misbehaving svc server). */
async function startFakeServer(answer: RequestListener): Promise<{ url: string; server: Server }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('svc backup against a real server', () => {
  let server: DreamTestServer;
  let env: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    server = await startDreamTestServer();
    env = { SVC_SERVER_URL: server.url, SVC_API_KEY: server.apiKey };
  });
  afterAll(async () => server?.close());
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fresh = () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-backup-cli-'));
    return dir;
  };
  const write = async (index: number): Promise<string> => {
    const response = await fetch(`${server.url}/db/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.apiKey}` },
      body: JSON.stringify({ title: `note ${index}`, body: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  it('writes a checked copy under the server’s name into a directory while writes go on', async () => {
    const target = fresh();
    const before: string[] = [];
    for (let index = 0; index < 50; index += 1) before.push(await write(index));
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        await write(10_000 + during);
        during += 1;
      }
    })();
    const run = await runInProcess(['backup', '--to', target], { env });
    writing = false;
    await writer;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = readdirSync(target);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^svc-\d{8}T\d{6}Z\.db$/);
    const file = join(target, files[0] as string);
    expect(run.stdout).toMatch(
      new RegExp(`^backed up ${server.url} to ${file} \\(\\d+ bytes in \\d+ ms\\)\\n$`),
    );
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        (copy.prepare("select id from documents where collection = 'notes'").all() as { id: string }[]).map(
          (row) => row.id,
        ),
      );
      expect(before.every((id) => ids.has(id))).toBe(true);
    } finally {
      copy.close();
    }
  });

  it('writes to a named file relative to the working directory, and never overwrites one', async () => {
    const target = fresh();
    const named = await runInProcess(['backup', '--to', 'nightly.db'], { env, cwd: target });
    expect([named.code, named.stderr]).toEqual([0, '']);
    expect(readdirSync(target)).toEqual(['nightly.db']);
    const again = await runInProcess(['backup', '--to', 'nightly.db'], { env, cwd: target });
    expect(again.code).toBe(2);
    expect(again.stderr).toBe(`svc backup: ${join(target, 'nightly.db')} exists; choose a new name.\n`);
    writeFileSync(join(target, 'taken.db'), 'keep me');
    const taken = await runInProcess(['backup', '--to', join(target, 'taken.db')], { env });
    expect(taken.code).toBe(2);
    expect(readFileSync(join(target, 'taken.db'), 'utf8')).toBe('keep me');
  });

  it('says what the server refused, with its code, and exits 1', async () => {
    const target = fresh();
    const run = await runInProcess(['backup', '--to', target], {
      env: { SVC_SERVER_URL: server.url, SVC_API_KEY: 'svc_not-a-real-key' },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^svc backup: the server refused the backup \(HTTP 401\) GATE_[A-Z_]+: .+\n/);
    expect(run.stderr).toContain("Set SVC_API_KEY (or pass --api-key) to an admin's key.");
    expect(readdirSync(target)).toEqual([]);
  });
});

describe('svc backup against a misbehaving or absent server', () => {
  let dir: string;
  let fake: Server | undefined;
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(undefined)));
    fake = undefined;
  });
  const backupFrom = async (url: string) => {
    dir = mkdtempSync(join(tmpdir(), 'svc-backup-cli-'));
    return runInProcess(['backup', '--to', dir, '--server', url, '--api-key', 'k']);
  };

  it('refuses a download cut short, and leaves no file', async () => {
    const started = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.sqlite3', 'content-length': '4096' });
      response.write(Buffer.concat([Buffer.from('SQLite format 3\u0000', 'latin1'), Buffer.alloc(1000)]));
      setImmediate(() => response.destroy());
    });
    fake = started.server;
    const run = await backupFrom(started.url);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^svc backup: the download (stopped after \d+ of 4096 bytes|failed: .+)\.?\n$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses a body that is not a SQLite database, and leaves no file', async () => {
    const started = await startFakeServer((_request, response) => {
      const body = Buffer.from('<html>a login page</html>');
      response.writeHead(200, { 'content-length': String(body.length) });
      response.end(body);
    });
    fake = started.server;
    const run = await backupFrom(started.url);
    expect([run.code, run.stderr]).toEqual([
      1,
      'svc backup: the server sent something that is not a SQLite database.\n',
    ]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('exits 2 when the server cannot be reached, or the command line is wrong', async () => {
    const started = await startFakeServer(() => undefined);
    const url = started.url;
    await new Promise((resolve) => started.server.close(resolve));
    const run = await backupFrom(url);
    expect([run.code, run.stderr]).toEqual([2, `svc backup: cannot reach ${url}: ECONNREFUSED\n`]);
    const positional = await runInProcess(['backup', 'out.db']);
    expect(positional.code).toBe(2);
    expect(positional.stderr).toContain("unexpected argument 'out.db'");
    const noKey = await runInProcess(['backup'], { env: {} });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('no API key');
  });
});

describe('svc backup interrupted (the built binary)', () => {
  it('removes the partial file and exits 130 on Ctrl-C', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-backup-cli-'));
    // Sends the start of a database, then nothing: the download waits until it is interrupted.
    const started = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-length': '1048576' });
      response.write(Buffer.concat([Buffer.from('SQLite format 3\u0000', 'latin1'), Buffer.alloc(4096)]));
    });
    try {
      const child = spawn(process.execPath, [BIN, 'backup', '--to', dir, '--server', started.url], {
        env: { PATH: process.env.PATH ?? '', SVC_API_KEY: 'k', NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
      await vi.waitFor(
        () => expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toHaveLength(1),
        {
          timeout: 10_000,
        },
      );
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(stderr).toBe('svc backup: interrupted; no copy was written.\n');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      started.server.closeAllConnections();
      await new Promise((resolve) => started.server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
