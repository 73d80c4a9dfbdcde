import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { type CdpPipe, createCdpPipe } from './cdp-pipe.js';

/** The largest message the browser may send (a printed PDF arrives as one base64 message). */
export const MAX_CDP_MESSAGE_BYTES = 96 * 1024 * 1024;

/** One headless Chromium, spoken to over its DevTools pipe. */
export interface ChromiumProcess {
  readonly cdp: CdpPipe;
  /** The process group (the browser's pid): every process it started belongs to it. */
  readonly pid: number | undefined;
  /** The last lines the browser wrote to stderr, for the log (never for the caller). */
  stderrTail(): string;
  /** Kills the whole process group, waits for the browser to exit and removes its temporary folder. */
  stop(): Promise<void>;
}

/**
 * The browser's flags: headless, its own fresh profile, every request through a proxy that
 * does not exist (`127.0.0.1:9`, the discard port) with no bypass — `<-loopback>` removes the
 * implicit loopback exception, so `http://127.0.0.1/` is proxied (and fails) too — and host
 * names resolving nowhere, so not even a DNS lookup leaves. No background services.
 * `--no-sandbox` only as root, where Chromium's sandbox refuses to start.
 *
 * @example
 * spawn(path, chromiumArguments('/tmp/svc-pdf-x/profile', process.getuid?.() === 0));
 */
export function chromiumArguments(profileDir: string, runningAsRoot: boolean): string[] {
  return [
    '--headless',
    '--remote-debugging-pipe',
    `--user-data-dir=${profileDir}`,
    ...(runningAsRoot ? ['--no-sandbox'] : []),
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    '--mute-audio',
    '--hide-scrollbars',
    '--proxy-server=127.0.0.1:9',
    '--proxy-bypass-list=<-loopback>',
    '--host-resolver-rules=MAP * ~NOTFOUND',
    'about:blank',
  ];
}

/**
 * Starts Chromium in a process group of its own, in a fresh temporary folder (its profile,
 * home and temp), with an environment that carries nothing of the server's (no secrets reach
 * the process rendering untrusted HTML).
 *
 * @example
 * const browser = await startChromium('/usr/bin/chromium');
 * try { await browser.cdp.send('Target.getTargets'); } finally { await browser.stop(); }
 */
export async function startChromium(executable: string): Promise<ChromiumProcess> {
  const folder = await mkdtemp(join(tmpdir(), 'svc-pdf-'));
  const child = spawn(executable, chromiumArguments(join(folder, 'profile'), process.getuid?.() === 0), {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    detached: true,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: folder,
      TMPDIR: folder,
      XDG_CONFIG_HOME: join(folder, 'config'),
      XDG_CACHE_HOME: join(folder, 'cache'),
      LANG: 'C.UTF-8',
    },
  });
  const cdp = createCdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable, MAX_CDP_MESSAGE_BYTES);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      cdp.fail(new Error(`the browser did not start: ${error.message}`));
      resolve();
    });
  });
  child.once('exit', (code, signal) =>
    cdp.fail(new Error(`the browser exited (${signal ?? `code ${code}`}) before answering`)),
  );
  let stopping: Promise<void> | undefined;
  return {
    cdp,
    pid: child.pid,
    stderrTail: () => stderr,
    stop() {
      stopping ??= (async () => {
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // The group is already gone.
          }
        }
        await exited;
        await killStragglers(folder);
        await rm(folder, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 });
      })();
      return stopping;
    },
  };
}

/**
 * Kills what the browser started outside its process group: Chromium's crash handler
 * (`chrome_crashpad_handler`) starts a session of its own, with its database in the browser's
 * folder. Found through /proc by that folder in its command line (Linux; elsewhere a no-op).
 */
async function killStragglers(folder: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return;
  }
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
      .map(async (entry) => {
        const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
        if (!commandLine.includes(`${folder}/`)) return;
        try {
          process.kill(Number(entry), 'SIGKILL');
        } catch {
          // Gone already.
        }
      }),
  );
}
