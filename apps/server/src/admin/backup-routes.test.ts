import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADMIN,
  createKey,
  createServerWithRoutes,
  errorCodeOf,
  logIn,
  signUp,
} from '../testing/access-test-fixtures.js';
import { freshAddress } from '../testing/auth-test-helpers.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import type { TestServer } from '../testing/test-server.js';
import { BACKUP_RATE_LIMIT } from './backup-route-schema.js';

const [sqliteTarget, postgresTarget] = testDatabaseTargets();

/** The temporary copies the route leaves in the data directory (none once a response closed). */
function temporaryCopies(dataDir: string): string[] {
  return readdirSync(dataDir).filter((name) => name.startsWith('.svc-backup-'));
}

describe('GET /api/admin/backup on SQLite, over HTTP', () => {
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let base = '';
  let adminKey = '';
  let dataDir = '';
  const sockets: Socket[] = [];
  const downloads = mkdtempSync(join(tmpdir(), 'svc-backup-downloads-'));
  const write = async (index: number): Promise<string> => {
    const response = await fetch(`${base}/db/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminKey}` },
      body: JSON.stringify({ title: `note ${index}`, body: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const backup = (signal?: AbortSignal) =>
    fetch(`${base}/api/admin/backup`, {
      headers: { authorization: `Bearer ${adminKey}` },
      ...(signal ? { signal } : {}),
    });

  beforeAll(async () => {
    if (sqliteTarget?.name !== 'sqlite') throw new Error('SQLite is always a test target');
    server = await createServerWithRoutes(sqliteTarget, () => undefined);
    dataDir = dirname(server.database.location);
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    server.app.server.on('connection', (socket) => sockets.push(socket));
    const cookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    adminKey = (await createKey(server.app, { id: '', email: ADMIN.email, cookie }, 'backup tests')).key;
  });
  afterAll(async () => {
    // fetch's pool sometimes opens a spare connection it never sends a request on; Node's close
    // waits for such a connection until its request timeout (minutes). It carries nothing.
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
    await server?.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  it('streams a copy holding every row written before it while writes go on, then removes its temporary file', async () => {
    const before: string[] = [];
    for (let index = 0; index < 100; index += 1) before.push(await write(index));
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        await write(10_000 + during);
        during += 1;
      }
    })();
    const response = await backup();
    const file = join(downloads, 'copy.db');
    expect(response.status).toBe(200);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
    writing = false;
    await writer;
    expect(during).toBeGreaterThan(0);
    expect(response.headers.get('content-type')).toBe('application/vnd.sqlite3');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const name = /^attachment; filename="(svc-\d{8}T\d{6}Z\.db)"$/.exec(
      response.headers.get('content-disposition') ?? '',
    )?.[1];
    expect(name).toBeDefined();
    expect(Number(response.headers.get('content-length'))).toBe(statSync(file).size);
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
    await vi.waitFor(() => expect(temporaryCopies(dataDir)).toEqual([]));
    const audit = await server.app.inject({
      method: 'GET',
      url: '/api/admin/audit',
      headers: { authorization: `Bearer ${adminKey}` },
    });
    const [entry] = audit.json<{ entries: { action: string; details: Record<string, unknown> }[] }>().entries;
    expect(entry).toMatchObject({
      action: 'backup.download',
      details: { file: name, bytes: statSync(file).size },
    });
  });

  it('takes one backup at a time, and removes the copy of a download the client aborted', async () => {
    // Ballast larger than the loopback socket's buffers, so the first response stays open
    // until its reader goes on or leaves.
    const ballast = new SQLite(server.database.location);
    ballast.exec('create table if not exists ballast (data blob)');
    ballast
      .prepare(
        'with recursive n(i) as (select 1 union all select i + 1 from n where i < 48) insert into ballast (data) select randomblob(1048576) from n',
      )
      .run();
    ballast.close();
    const leaving = new AbortController();
    const first = await backup(leaving.signal);
    expect(first.status).toBe(200);
    const reader = (first.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    expect(temporaryCopies(dataDir)).toHaveLength(1);
    const second = await backup();
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toBe(
      'SERVER_BACKUP_IN_PROGRESS',
    );
    leaving.abort();
    await reader.cancel().catch(() => undefined);
    await vi.waitFor(() => expect(temporaryCopies(dataDir)).toEqual([]));
    const third = await backup();
    expect(third.status).toBe(200);
    await third.arrayBuffer();
  });

  it('refuses members (403) and anonymous callers (401)', async () => {
    const member = await signUp(server.app, 'member-backup@example.com');
    const asMember = await server.app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      remoteAddress: freshAddress(),
      headers: { cookie: member.cookie },
    });
    expect([asMember.statusCode, errorCodeOf(asMember)]).toEqual([403, 'GATE_FORBIDDEN']);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: '/api/admin/backup',
      remoteAddress: freshAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(temporaryCopies(dataDir)).toEqual([]);
  });

  it(`answers 429 SERVER_RATE_LIMITED past ${BACKUP_RATE_LIMIT.max} requests a minute from one address`, async () => {
    const address = freshAddress();
    const codes: number[] = [];
    for (let index = 0; index <= BACKUP_RATE_LIMIT.max; index += 1) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/admin/backup',
        remoteAddress: address,
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) expect(errorCodeOf(response)).toBe('SERVER_RATE_LIMITED');
    }
    expect(codes).toEqual([...Array.from({ length: BACKUP_RATE_LIMIT.max }, () => 401), 429]);
  });
});

describe('GET /api/admin/backup to a client that stops reading', () => {
  // 40 MB of incompressible rows: more than loopback's socket buffers hold on both sides, so a
  // client that reads nothing leaves the server waiting to write.
  const BALLAST_MB = 40;
  let server: Pick<TestServer, 'app' | 'database' | 'close'>;
  let base = '';
  let adminKey = '';
  let dataDir = '';
  const clients: Socket[] = [];
  beforeAll(async () => {
    if (sqliteTarget?.name !== 'sqlite') throw new Error('SQLite is always a test target');
    server = await createServerWithRoutes(sqliteTarget, () => undefined, {
      timeouts: { stalledResponseTimeout: 2_000 },
    });
    dataDir = dirname(server.database.location);
    const file = new SQLite(server.database.location);
    file.exec('create table ballast (b blob)');
    const insert = file.prepare('insert into ballast values (randomblob(1048576))');
    for (let index = 0; index < BALLAST_MB; index += 1) insert.run();
    file.close();
    base = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    adminKey = (await createKey(server.app, { id: '', email: ADMIN.email, cookie }, 'stall tests')).key;
  });
  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.close();
  });

  /** A raw HTTP client that asks for the backup; it reads only while resumed (paused at first). */
  const openDownload = async () => {
    const client = connect(Number(new URL(base).port), '127.0.0.1');
    clients.push(client);
    await once(client, 'connect');
    client.pause();
    client.write(
      `GET /api/admin/backup HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${adminKey}\r\n\r\n`,
    );
    return client;
  };

  it('cuts the response of a client that reads nothing, so the next backup is not refused for 10 minutes', async () => {
    await openDownload();
    // The snapshot is taken, the response starts and fills the buffers, then nothing moves.
    await vi.waitFor(() => expect(temporaryCopies(dataDir)).toHaveLength(1), {
      timeout: 30_000,
      interval: 50,
    });
    // Cut after the stall timeout: the response closed, its copy removed and the lock released.
    await vi.waitFor(() => expect(temporaryCopies(dataDir)).toEqual([]), { timeout: 60_000, interval: 100 });
    const response = await fetch(`${base}/api/admin/backup`, {
      headers: { authorization: `Bearer ${adminKey}` },
    });
    expect(response.status).toBe(200);
    const bytes = (await response.arrayBuffer()).byteLength;
    expect(bytes).toBeGreaterThan(BALLAST_MB * 1024 * 1024);
  }, 120_000);

  it('never cuts a client that reads slowly but keeps reading', async () => {
    const client = await openDownload();
    let head = '';
    let body = 0;
    client.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) body += chunk.length;
      else {
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) body = head.length - end - 4;
      }
    });
    const expected = () => Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.POSITIVE_INFINITY);
    // Reads 20 ms, then waits 200 ms: the server waits on this client most of the time, but it
    // makes room ten times more often than the 2 s stall timeout asks.
    while (!client.destroyed && body < expected()) {
      client.resume();
      await new Promise((resolve) => setTimeout(resolve, 20));
      client.pause();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(body).toBe(expected());
    expect(body).toBeGreaterThan(BALLAST_MB * 1024 * 1024);
  }, 120_000);
});

describe.skipIf(postgresTarget === undefined)('GET /api/admin/backup on PostgreSQL', () => {
  it('answers 409 SERVER_BACKUP_UNSUPPORTED, pointing to pg_dump', async () => {
    if (postgresTarget === undefined) return;
    const server = await createServerWithRoutes(postgresTarget, () => undefined);
    try {
      const cookie = await logIn(server.app, ADMIN.email, ADMIN.password);
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/admin/backup',
        headers: { cookie },
      });
      expect([response.statusCode, errorCodeOf(response)]).toEqual([409, 'SERVER_BACKUP_UNSUPPORTED']);
      expect(response.json<{ error: { message: string } }>().error.message).toContain('pg_dump');
    } finally {
      await server.close();
    }
  });
});
