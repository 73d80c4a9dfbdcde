import { execFile } from 'node:child_process';

/**
 * The commit a folder's repository is at and that commit's date (ISO, UTC): what a build
 * records as `commit` and `builtAt`, so the same checkout always builds the same bytes.
 * Undefined outside a git work tree or without git.
 *
 * @example
 * await readGitRevision('/repo'); // { commit: '93bddb1…', date: '2026-11-25T06:12:09.000Z' }
 */
export function readGitRevision(dir: string): Promise<{ commit: string; date: string } | undefined> {
  return new Promise((resolve) => {
    execFile('git', ['-C', dir, 'log', '-1', '--format=%H%n%cI'], { timeout: 10_000 }, (error, stdout) => {
      const [commit, date] = String(stdout).trim().split('\n');
      if (error || !commit || !date || Number.isNaN(Date.parse(date))) resolve(undefined);
      else resolve({ commit, date: new Date(date).toISOString() });
    });
  });
}
