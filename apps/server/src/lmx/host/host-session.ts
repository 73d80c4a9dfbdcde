import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HostModesConfig } from '../../config/host-modes-config.js';
import { fetchAllowed, type NetResponse, probePort, resolveAllowed } from './net-access.js';
import { buildCommandEnvironment, type HostCommandResult, runHostCommand } from './run-host-command.js';
import { splitCommandLine } from './split-command-line.js';
import {
  type DisplayWindow,
  focusWindow,
  listWindows,
  movePointer,
  pressKey,
  takeScreenshot,
  typeText,
} from './x-display.js';

/** One host action as the run's trace and the server log record it (never arguments that may hold secrets). */
export interface HostTraceEntry {
  action: string;
  /** What was acted on: the program and its arguments (capped), a window title, a URL without its query. */
  target: string;
  ok: boolean;
  /** Exit code, HTTP status, port state or the error code. */
  outcome: string;
  durationMs: number;
}

/** The log the session writes one line per action to (pino's shape). */
export interface HostActionLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/** The machine, as a script of a host mode reaches it during one run. */
export interface HostSession {
  /** `RUN "<command>"` of `lms`: the line split into a list, run without a shell in the run's directory. */
  run(command: string): Promise<Omit<HostCommandResult, 'aborted'>>;
  windows(): Promise<DisplayWindow[]>;
  focus(title: string): Promise<DisplayWindow>;
  type(text: string): Promise<void>;
  key(combo: string): Promise<void>;
  click(x: number, y: number, button?: 1 | 2 | 3): Promise<void>;
  move(x: number, y: number): Promise<void>;
  screenshot(name: string): Promise<{ file: string; bytes: number }>;
  get(url: string): Promise<NetResponse>;
  post(url: string, body: string, contentType?: string): Promise<NetResponse>;
  dns(host: string): Promise<string[]>;
  port(host: string, port: number): Promise<'open' | 'closed' | 'timeout'>;
  /** Every action so far, in order. */
  trace(): HostTraceEntry[];
  /** Ends the run: pending actions are aborted, their process groups killed, the directory removed. */
  close(): Promise<void>;
}

/** What a session is opened with. */
export interface HostSessionOptions {
  user: { id: string };
  mode: string;
  config: HostModesConfig;
  log: HostActionLog;
  /** The server's own environment, read only for the names `SVC_LMX_SHELL_ENV` allows. */
  environment: Readonly<Record<string, string | undefined>>;
  /** Absolute time (ms since the epoch) when the run's time bound ends. */
  deadline: number;
}

const TARGET_LIMIT = 200;

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`.slice(0, TARGET_LIMIT);
  } catch {
    return '(not a URL)';
  }
}

/**
 * Opens a host session for one run of a host mode: a working directory of its own, bounds taken
 * from the configuration and the run's deadline, and one trace entry plus one log line per action
 * (who, what, outcome). The caller has already checked that the user is an admin and that host
 * modes are enabled.
 *
 * @example
 * const session = await openHostSession({ user, mode: 'lms', config, log: request.log, environment: process.env, deadline });
 * try { await session.run('uname -s'); } finally { await session.close(); }
 */
export async function openHostSession(options: HostSessionOptions): Promise<HostSession> {
  const { config } = options;
  const cwd = await mkdtemp(join(tmpdir(), 'svc-lmx-run-'));
  // Commands run as another user (a root server's SVC_LMX_HOST_USER) own their directory.
  const user = config.runAs ? { uid: config.runAs.uid, gid: config.runAs.gid } : undefined;
  if (user) await chown(cwd, user.uid, user.gid);
  const controller = new AbortController();
  const entries: HostTraceEntry[] = [];
  const remaining = (cap: number): number => Math.max(1, Math.min(cap, options.deadline - Date.now()));
  const display = () => ({
    display: config.display,
    cwd,
    timeoutMs: remaining(5000),
    signal: controller.signal,
    ...(user ? { user } : {}),
  });
  const net = () => ({
    timeoutMs: remaining(10_000),
    maxBytes: config.maxOutputBytes,
    maxRedirects: 3,
    signal: controller.signal,
  });
  const allow = { entries: config.netAllowedHosts };

  async function record<T>(
    action: string,
    target: string,
    work: () => Promise<T>,
    outcome: (value: T) => string,
  ): Promise<T> {
    const started = performance.now();
    const finish = (ok: boolean, result: string): void => {
      const entry = {
        action,
        target: target.slice(0, TARGET_LIMIT),
        ok,
        outcome: result,
        durationMs: Math.round(performance.now() - started),
      };
      entries.push(entry);
      options.log.info({ userId: options.user.id, mode: options.mode, ...entry }, 'lmx host action');
    };
    try {
      const value = await work();
      finish(true, outcome(value));
      return value;
    } catch (error) {
      finish(false, (error as { code?: string }).code ?? 'E_RUNTIME');
      throw error;
    }
  }

  return {
    run(command) {
      const argv = splitCommandLine(command);
      return record(
        'run',
        argv.map(quoteForTrace).join(' '),
        async () => {
          const { aborted: _aborted, ...result } = await runHostCommand({
            argv,
            cwd,
            env: buildCommandEnvironment({ cwd, allow: config.shellEnv, source: options.environment }),
            timeoutMs: remaining(config.commandTimeoutMs),
            maxOutputBytes: config.maxOutputBytes,
            signal: controller.signal,
            ...(user ? { user } : {}),
          });
          return result;
        },
        (result) =>
          result.timedOut
            ? 'timeout'
            : result.exitCode === null
              ? `signal ${result.signal}`
              : `exit ${result.exitCode}`,
      );
    },
    windows: () =>
      record(
        'windows',
        'display',
        () => listWindows(display()),
        (list) => `${list.length} windows`,
      ),
    focus: (title) =>
      record(
        'focus',
        title,
        () => focusWindow(display(), title),
        (window) => `window ${window.id}`,
      ),
    // Typed text may be a password: the trace and the log keep only its length.
    type: (text) =>
      record(
        'type',
        `${text.length} characters`,
        () => typeText(display(), text),
        () => 'typed',
      ),
    key: (combo) =>
      record(
        'key',
        combo,
        () => pressKey(display(), combo),
        () => 'pressed',
      ),
    click: (x, y, button = 1) =>
      record(
        'click',
        `${x},${y}`,
        () => movePointer(display(), x, y, button),
        () => 'clicked',
      ),
    move: (x, y) =>
      record(
        'move',
        `${x},${y}`,
        () => movePointer(display(), x, y),
        () => 'moved',
      ),
    screenshot: (name) =>
      record(
        'screenshot',
        name,
        async () => {
          const shot = await takeScreenshot(display(), name);
          return { file: name, bytes: shot.bytes.length };
        },
        (shot) => `${shot.bytes} bytes`,
      ),
    get: (url) =>
      record(
        'get',
        describeUrl(url),
        () => fetchAllowed(allow, { method: 'GET', url }, net()),
        (r) => `status ${r.status}`,
      ),
    post: (url, body, contentType) =>
      record(
        'post',
        describeUrl(url),
        () =>
          fetchAllowed(allow, { method: 'POST', url, body, ...(contentType ? { contentType } : {}) }, net()),
        (r) => `status ${r.status}`,
      ),
    dns: (host) =>
      record(
        'dns',
        host,
        () => resolveAllowed(allow, host),
        (addresses) => `${addresses.length} addresses`,
      ),
    port: (host, port) =>
      record(
        'port',
        `${host}:${port}`,
        () => probePort(allow, host, port, remaining(5000)),
        (state) => state,
      ),
    trace: () => entries.map((entry) => ({ ...entry })),
    async close() {
      controller.abort();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

/**
 * One argument as a command line would write it: bare when it has no space, quote or backslash,
 * else in double quotes, so a trace reads back as the command that ran (`sh -c "exit 3"`).
 */
function quoteForTrace(argument: string): string {
  if (argument !== '' && !/[\s"'\\]/.test(argument)) return argument;
  return `"${argument.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
