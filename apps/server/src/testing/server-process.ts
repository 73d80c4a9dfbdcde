import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const START = fileURLToPath(new URL('../../dist/start.js', import.meta.url));

/** A spawned `node dist/start.js` with its log lines parsed as they arrive. */
export interface RunningServer {
  child: ChildProcess;
  lines: Array<Record<string, unknown>>;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Resolves with the first log line matching `predicate`. */
  waitFor(
    predicate: (line: Record<string, unknown>) => boolean,
    what: string,
  ): Promise<Record<string, unknown>>;
}

/**
 * Starts `node dist/start.js` (the built server, as an operator starts it) with `env` and only
 * `PATH` from the test's own environment; its JSON log lines are parsed as they arrive.
 *
 * @example
 * const server = startServerProcess({ PORT: '0', SVC_DATA_DIR: dir, LOG_LEVEL: 'info' });
 * const { address } = await server.waitFor((line) => typeof line.address === 'string', 'listening');
 */
export function startServerProcess(env: Record<string, string>): RunningServer {
  if (!existsSync(START))
    throw new Error(`${START} is missing: build the server first (turbo run build --filter=@svc/server...).`);
  const child = spawn(process.execPath, [START], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiters: Array<{
    predicate: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }> = [];
  let pending = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const text of complete.filter(Boolean)) {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.predicate(line))) waiter.resolve(line);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    waitFor(predicate, what) {
      const seen = lines.find(predicate);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiters.push({ predicate, resolve });
        void exited.then((code) =>
          reject(new Error(`server exited (${code}) before ${what}; stderr: ${stderr}`)),
        );
      });
    },
  };
}

/**
 * A schema of its own in the PostgreSQL database at `url`, reached through the connection
 * string's `options` (so every process given `databaseUrl` lands in it); `drop()` removes it.
 *
 * @example
 * const postgres = await createPostgresSchema(process.env.TEST_DATABASE_URL as string);
 */
export async function createPostgresSchema(
  url: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const separator = url.includes('?') ? '&' : '?';
  return {
    databaseUrl: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
