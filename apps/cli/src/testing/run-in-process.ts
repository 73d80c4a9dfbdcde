import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo } from '../cli-io.js';
import { runCli } from '../run-cli.js';

/** The bundled example specs. */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/', import.meta.url));
export const PETSTORE = `${EXAMPLES_DIR}petstore.yaml`;
export const PETSTORE_V2 = `${EXAMPLES_DIR}petstore-v2.yaml`;

/** What one in-process run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runInProcess}. */
export interface RunOptions {
  stdin?: string;
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Pretend stdout and stderr are terminals. */
  tty?: boolean;
}

/**
 * Runs the CLI with buffered streams, as a test would see a real run.
 *
 * @example
 * const { code, stdout } = await runInProcess(['spec', 'validate', '-'], { stdin: yamlText });
 */
export async function runInProcess(argv: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: {
      write(chunk: string) {
        stdout += chunk;
      },
      isTTY: options.tty === true,
    },
    stderr: {
      write(chunk: string) {
        stderr += chunk;
      },
      isTTY: options.tty === true,
    },
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
