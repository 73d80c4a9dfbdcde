import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/server-config.js';
import { buildServer } from './build-server.js';

const BACKUP = fileURLToPath(new URL('../../dist/backup.js', import.meta.url));
const ADMIN = { email: 'admin@example.com', password: 'seeded root credential 4242' };

/** Runs `node dist/backup.js …` as an operator does; resolves with its exit code and output. */
function runBackup(args: string[], env: Record<string, string> = {}) {
  if (!existsSync(BACKUP)) throw new Error(`${BACKUP} is missing: build the server first.`);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BACKUP, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('svc backup of a running server', () => {
  let dataDir: string;
  let target: string;
  let app: FastifyInstance;
  let base = '';
  let cookie = '';
  const write = async (index: number): Promise<string> => {
    const response = await fetch(`${base}/db/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ title: `note ${index}`, body: 'x'.repeat(2000) }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'svc-backup-data-'));
    target = mkdtempSync(join(tmpdir(), 'svc-backup-target-'));
    app = await buildServer({
      config: loadConfig({
        NODE_ENV: 'test',
        SVC_PASSWORD_COST: '12',
        SVC_DATA_DIR: dataDir,
        SEED_ADMIN_EMAIL: ADMIN.email,
        SEED_ADMIN_PASSWORD: ADMIN.password,
      }),
      mailer: createMemoryMailer(),
      clock: createManualClock(Date.now()),
      web: false,
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(ADMIN),
    });
    cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(target, { recursive: true, force: true });
  });

  it('copies every row written before it while writes go on, into a file that passes integrity_check', async () => {
    const before: string[] = [];
    for (let index = 0; index < 200; index += 1) before.push(await write(index));
    // Writes keep arriving over HTTP for as long as the backup process runs.
    let writing = true;
    let during = 0;
    const writer = (async () => {
      while (writing) {
        await write(10_000 + during);
        during += 1;
      }
    })();
    const result = await runBackup(['--to', target], { SVC_DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(during).toBeGreaterThan(0);
    const files = readdirSync(target);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^svc-\d{8}T\d{6}Z\.db$/);
    const file = join(target, files[0] as string);
    expect(result.stdout).toContain(`backed up to ${file}`);
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const ids = new Set(
        (copy.prepare("select id from documents where collection = 'notes'").all() as { id: string }[]).map(
          (row) => row.id,
        ),
      );
      expect(before.every((id) => ids.has(id))).toBe(true);
      expect(ids.size).toBeLessThanOrEqual(before.length + during);
      // The live database kept every write: the backup blocked none.
      const live = await fetch(`${base}/db/notes?limit=1`, { headers: { cookie } });
      expect(live.status).toBe(200);
    } finally {
      copy.close();
    }
  });

  it('never overwrites a file, and sends PostgreSQL installs to pg_dump', async () => {
    const taken = join(target, 'taken.db');
    writeFileSync(taken, 'keep me');
    const refused = await runBackup(['--to', taken], { SVC_DATA_DIR: dataDir });
    expect([refused.code, refused.stderr]).toEqual([1, `svc backup: ${taken} exists; choose a new name.\n`]);
    const postgres = await runBackup(['--to', target], { DATABASE_URL: 'postgres://db.invalid/svc' });
    expect(postgres.code).toBe(2);
    expect(postgres.stderr).toContain('pg_dump');
    const missing = await runBackup(['--to', target, '--from', join(dataDir, 'nope.db')]);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      `svc backup: No database file at ${join(dataDir, 'nope.db')}.\n`,
    ]);
  });
});
