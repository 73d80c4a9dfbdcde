/** Where the CLI writes: anything with `write`, like `process.stdout` or a test buffer. */
export interface OutputStream {
  write(chunk: string): unknown;
  /** True for a terminal; colour is only used on one. */
  isTTY?: boolean;
}

/** Everything the CLI touches outside itself, injected so tests can run it in-process. */
export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Read when a file argument is `-`. */
  stdin: AsyncIterable<string | Uint8Array>;
  env: Readonly<Record<string, string | undefined>>;
  /** Relative file arguments resolve against this directory. */
  cwd: string;
}

/** Exit codes: success, a failed check (invalid spec, breaking change), a usage or I/O problem. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
