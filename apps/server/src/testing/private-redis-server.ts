import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A redis-server process of the test's own, on a free loopback port: stopped and started at will. */
export interface PrivateRedisServer {
  readonly port: number;
  readonly url: string;
  /** Starts the process (again) on the same port and waits until it accepts connections. */
  start(): Promise<void>;
  /** Kills the process (SIGKILL: an outage, not a shutdown) and waits for it to exit. */
  stop(): Promise<void>;
}

async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts Debian's `redis-server` (keeping nothing on disk) for a test that must take Redis away
 * mid-run — the shared one on 6379 is never stopped, since other suites use it.
 *
 * @example
 * const redis = await startPrivateRedisServer();
 * await redis.stop(); // … the server answers 503 …
 * await redis.start();
 */
export async function startPrivateRedisServer(): Promise<PrivateRedisServer> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const process = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    child = process;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      process.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      process.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      process.once('error', reject);
    });
    process.stdout?.resume();
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const running = child;
      child = undefined;
      if (running === undefined || running.exitCode !== null) return;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
  };
}
