import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The nearest folder at or above `start` that holds both `docs/` and `packages/` (a monorepo
 * whose docs the build serves), or undefined.
 *
 * @example
 * findRepoRoot('/repo/apps/cli'); // '/repo'
 */
export function findRepoRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'docs')) && existsSync(join(dir, 'packages'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
