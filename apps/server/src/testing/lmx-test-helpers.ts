import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser, signUp } from './access-test-fixtures.js';
import { testDatabaseTargets } from './test-databases.js';
import { createTestServer, type TestServer } from './test-server.js';

// Test support for the script engine's server suites; never imported by production code.

/** A server with the script engine, a member and the seed admin signed in. */
export interface LmxTestServer extends TestServer {
  member: SignedInUser;
  adminCookie: string;
}

/** Builds a SQLite test server (`env` on top of auto-verify and a seed admin) and signs in a member and the admin. */
export async function createLmxTestServer(
  env: Record<string, string | undefined> = {},
): Promise<LmxTestServer> {
  const target = testDatabaseTargets()[0];
  if (!target) throw new Error('no test database target');
  const server = await createTestServer(target, { ...FIXTURE_ENV, ...env });
  const member = await signUp(
    server.app,
    `member-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
  );
  const adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
  return { ...server, member, adminCookie };
}

/** The JSON answer of `POST /api/lmx/run` as `cookie` (or anonymous). */
export async function runScriptAs(
  app: FastifyInstance,
  cookie: string | undefined,
  body: { mode: string; source: string; input?: unknown },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/lmx/run',
    ...(cookie ? { headers: { cookie } } : {}),
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Processes whose command line contains `marker`. */
export function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

/** Starts Xvfb on a display number it picks itself (`-displayfd`), so parallel suites never collide. */
export async function startXvfb(): Promise<{ display: string; xvfb: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '640x480x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text.includes('\n')) resolve(text.trim());
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before choosing a display`)));
  });
  return { display: `:${number}`, xvfb };
}

/** An Xvfb display with one small xterm window titled `title` whose typed input lands in `file`. */
export async function startDisplayWithWindow(
  title: string,
  file: string,
): Promise<{ display: string; stop(): void }> {
  for (const tool of ['/usr/bin/Xvfb', '/usr/bin/xdotool', '/usr/bin/xterm', '/usr/bin/scrot']) {
    if (!existsSync(tool))
      throw new Error(
        `${tool} is missing: apt-get install xvfb xdotool xterm scrot (.ci/run installs them); in CI this test never skips (scripts/system-tools.mjs).`,
      );
  }
  const { display, xvfb } = await startXvfb();
  const env = { ...process.env, DISPLAY: display };
  // A readiness wait, not a timing claim: a loaded machine (the whole suite in parallel) can
  // take well over 10 s to map a first xterm window, so give it a minute.
  const until = async (ready: () => boolean, what: string): Promise<void> => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (ready()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`gave up waiting for ${what} after 60 s`);
  };
  const succeeds = (argv: string[]): boolean => {
    try {
      execFileSync(argv[0] as string, argv.slice(1), { env, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  await until(() => succeeds(['xdotool', 'getdisplaygeometry']), 'Xvfb');
  // An xterm that exits before its window shows (seen once in a whole-suite run) is started
  // again; what it printed goes into the error if it never shows.
  let xterm: ChildProcess | undefined;
  let printed = '';
  const startXterm = (): ChildProcess => {
    const started = spawn(
      'xterm',
      ['-title', title, '-geometry', '40x5+10+10', '-e', 'sh', '-c', `stty -echo; cat > ${file}`],
      { env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    started.stderr?.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString('utf8')).slice(-2000);
    });
    return started;
  };
  let starts = 0;
  try {
    await until(() => {
      if (xterm === undefined || (xterm.exitCode !== null && starts < 5)) {
        xterm = startXterm();
        starts++;
      }
      return succeeds(['xdotool', 'search', '--onlyvisible', '--name', title]);
    }, 'the xterm window');
  } catch (error) {
    xterm?.kill('SIGKILL');
    xvfb.kill('SIGKILL');
    throw new Error(
      `${(error as Error).message} (xterm started ${starts} times; it printed: ${printed || 'nothing'})`,
    );
  }
  const window = xterm as ChildProcess;
  return {
    display,
    stop() {
      window.kill('SIGKILL');
      xvfb.kill('SIGKILL');
    },
  };
}
