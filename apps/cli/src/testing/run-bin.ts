import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built executable, as a user or CI runs it. */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

/** The spec toolkit's fixture projects of split specs (test data shared with the CLI's tests). */
export const MULTI_FILE_FIXTURES = fileURLToPath(
  new URL('../../../../packages/spec-toolkit/test/fixtures/multi-file/', import.meta.url),
);

/**
 * Runs the built `svc` with colours off; build first with
 * `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/cli...`.
 *
 * @example
 * const { code, stdout } = runBin(['spec', 'validate', 'openapi.yaml'], { cwd: dir });
 */
export function runBin(
  args: readonly string[],
  options: { input?: string; cwd?: string } = {},
): { code: number | null; stdout: string; stderr: string } {
  if (!existsSync(BIN))
    throw new Error(`${BIN} is missing: build @svc/cli first (turbo run build --filter=@svc/cli...)`);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input: options.input,
    cwd: options.cwd,
    encoding: 'utf8',
    env,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
