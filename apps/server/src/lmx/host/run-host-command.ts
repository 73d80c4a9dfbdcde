import { spawn } from 'node:child_process';

/** What {@link runHostCommand} runs and within which bounds. */
export interface HostCommand {
  /** The program and its arguments, passed as a list: never through a shell. */
  argv: readonly string[];
  /** The working directory (a run's own directory). */
  cwd: string;
  /** The whole environment the child sees: build it with {@link buildCommandEnvironment}. */
  env: Readonly<Record<string, string>>;
  /** Wall-clock bound; the whole process group is killed when it passes. */
  timeoutMs: number;
  /** Bytes kept of stdout and of stderr each; past it the group is killed and the result says `truncated`. */
  maxOutputBytes: number;
  /** Ends the command (and its group) early, e.g. when the script's run ends. */
  signal?: AbortSignal;
  /** Bytes written to the child's stdin, then closed; nothing by default. */
  stdin?: string;
  /**
   * The user the command runs as (the server must be root); its supplementary groups are
   * dropped. Absent: the server's own user.
   */
  user?: { uid: number; gid: number };
}

/** How a command ended. `exitCode` is null when it was killed by a signal. */
export interface HostCommandResult {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
  aborted: boolean;
  durationMs: number;
}

/** The command could not be started at all (unknown program, bad directory). */
export class HostCommandError extends Error {
  readonly code = 'E_HOST_COMMAND' as const;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HostCommandError';
  }
}

/** The directories searched for programs: the system's, never the server's own PATH. */
export const HOST_COMMAND_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * The environment a script's command sees: a fixed `PATH`, `HOME` and `TMPDIR` in the run's
 * own directory, `LANG`, and only the names an admin listed (`allow`) copied from `source`.
 * Nothing else of the server's environment — secrets included — reaches the child.
 *
 * @example
 * buildCommandEnvironment({ cwd: '/tmp/run-1', allow: ['TZ'], source: process.env });
 */
export function buildCommandEnvironment(options: {
  cwd: string;
  allow?: readonly string[];
  source?: Readonly<Record<string, string | undefined>>;
}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: HOST_COMMAND_PATH,
    HOME: options.cwd,
    TMPDIR: options.cwd,
    LANG: 'C.UTF-8',
  };
  for (const name of options.allow ?? []) {
    const value = options.source?.[name];
    if (value !== undefined && !(name in env)) env[name] = value;
  }
  return env;
}

/** Kills every process of the group led by `pid`; a group already gone is fine. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group has no member left.
  }
}

/**
 * Runs one program without a shell, as the leader of a new process group, and waits for it.
 * The group — the program and everything it started — is killed when the program exits (no
 * background process outlives its command), when the time bound passes, when the output passes
 * its cap, or when `signal` aborts. Output is decoded as UTF-8 and capped per stream.
 *
 * @example
 * const result = await runHostCommand({ argv: ['uname', '-s'], cwd, env, timeoutMs: 5000, maxOutputBytes: 65536 });
 * result.stdout; // 'Linux\n'
 */
export function runHostCommand(command: HostCommand): Promise<HostCommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    if (command.signal?.aborted) {
      resolve({
        exitCode: null,
        signal: null,
        stdout: '',
        stderr: '',
        timedOut: false,
        truncated: false,
        aborted: true,
        durationMs: 0,
      });
      return;
    }
    const [program, ...args] = command.argv;
    if (!program) {
      reject(new HostCommandError('The command is empty.'));
      return;
    }
    const child = spawn(program, args, {
      cwd: command.cwd,
      env: command.env,
      ...(command.user ? { uid: command.user.uid, gid: command.user.gid } : {}),
      detached: true,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const output = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
    const size = { stdout: 0, stderr: 0 };
    let timedOut = false;
    let truncated = false;
    let aborted = false;
    let exit: { code: number | null; signal: string | null } | undefined;
    let settled = false;

    const finish = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      command.signal?.removeEventListener('abort', onAbort);
      killGroup(child.pid);
      resolve({
        exitCode: exit?.code ?? null,
        signal: exit?.signal ?? null,
        stdout: Buffer.concat(output.stdout).toString('utf8'),
        stderr: Buffer.concat(output.stderr).toString('utf8'),
        timedOut,
        truncated,
        aborted,
        durationMs: Math.round(performance.now() - started),
      });
    };
    const stop = (): void => killGroup(child.pid);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, command.timeoutMs);
    command.signal?.addEventListener('abort', onAbort, { once: true });

    for (const stream of ['stdout', 'stderr'] as const) {
      child[stream].on('data', (chunk: Buffer) => {
        const room = command.maxOutputBytes - size[stream];
        if (room <= 0) return;
        const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
        output[stream].push(kept);
        size[stream] += kept.length;
        if (chunk.length > room) {
          truncated = true;
          stop();
        }
      });
    }
    child.stdin.on('error', () => {
      // The program may exit without reading its input (EPIPE): not an error of the command.
    });
    child.stdin.end(command.stdin ?? '');
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      command.signal?.removeEventListener('abort', onAbort);
      reject(
        new HostCommandError(
          error.code === 'ENOENT'
            ? `No program "${program}" on ${HOST_COMMAND_PATH}.`
            : `The command could not start (${error.code ?? 'error'}).`,
          { cause: error },
        ),
      );
    });
    // `exit` fires when the program ends; its background children may still hold the pipes, so
    // the group is killed then and the result settles once the pipes close.
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      killGroup(child.pid);
    });
    child.on('close', finish);
  });
}
