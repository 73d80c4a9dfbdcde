import type { BridgeCallOptions } from './bridge-call-options.js';

/** How one `RUN` command ended, as the host reports it. */
export interface HostCommandAnswer {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  truncated: boolean;
  durationMs: number;
}

/** A top-level window of the X display. */
export interface HostWindow {
  id: number;
  title: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An HTTP answer of `GET` / `POST`. */
export interface HostHttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  url: string;
  redirects: number;
}

/**
 * Reaches the machine for the host modes (`lms`, `lmk`, `lmd`, `lmnet`). The server creates
 * one per run, only for an admin and only when host modes are enabled, with the run's own
 * working directory, the admin's network allow-list and an allow-listed environment; every
 * call is traced and logged there. Failures meant for the script are `BridgeError`s.
 *
 * @example
 * ```ts
 * const host: HostBridge = { run: async ({ command }) => session.run(command), … };
 * ```
 */
export interface HostBridge {
  /** `lms` `RUN`: a command line split into arguments and run without a shell. */
  run(request: { command: string }, options: BridgeCallOptions): Promise<HostCommandAnswer>;
  /** `lmd` `WINDOWS`. */
  windows(request: Record<string, never>, options: BridgeCallOptions): Promise<HostWindow[]>;
  /** `lmd` `FOCUS`: the first visible window whose title contains `title`. */
  focus(request: { title: string }, options: BridgeCallOptions): Promise<HostWindow>;
  /** `lmd` `SCREENSHOT`: a PNG of the display in the run's directory. */
  screenshot(request: { name: string }, options: BridgeCallOptions): Promise<{ file: string; bytes: number }>;
  /** `lmk` `TYPE`. */
  type(request: { text: string }, options: BridgeCallOptions): Promise<null>;
  /** `lmk` `KEY`: a key or combination such as `Return` or `ctrl+s`. */
  key(request: { combo: string }, options: BridgeCallOptions): Promise<null>;
  /** `lmk` `CLICK` (with a button) and `MOVE` (without). */
  pointer(request: { x: number; y: number; button?: 1 | 2 | 3 }, options: BridgeCallOptions): Promise<null>;
  /** `lmnet` `GET` and `POST`. */
  http(
    request: { method: 'GET' | 'POST'; url: string; body?: string; contentType?: string },
    options: BridgeCallOptions,
  ): Promise<HostHttpAnswer>;
  /** `lmnet` `DNS`. */
  dns(request: { host: string }, options: BridgeCallOptions): Promise<string[]>;
  /** `lmnet` `PORT`. */
  port(
    request: { host: string; port: number },
    options: BridgeCallOptions,
  ): Promise<'open' | 'closed' | 'timeout'>;
}
