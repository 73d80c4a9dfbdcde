import { execFile } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { SpecResolver } from '@svc/spec-toolkit';

const run = promisify(execFile);

/** A `git:<rev>:<path>` argument split up; undefined for any other argument. */
export function parseGitArgument(arg: string): { rev: string; path: string } | undefined {
  if (!arg.startsWith('git:')) return undefined;
  const rest = arg.slice('git:'.length);
  const colon = rest.lastIndexOf(':');
  if (colon <= 0 || colon === rest.length - 1) return undefined;
  return { rev: rest.slice(0, colon), path: rest.slice(colon + 1) };
}

/** Runs `git show <rev>:<path>` (no shell: the arguments are never interpreted) in `cwd`. */
async function gitShow(cwd: string, rev: string, repoPath: string): Promise<string> {
  try {
    const { stdout } = await run('git', ['show', `${rev}:${repoPath}`], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n')[0];
    throw new Error(stderr || (error instanceof Error ? error.message : String(error)));
  }
}

/**
 * Reads a spec as it was at a git revision, with the files its `$ref`s name read from the same
 * revision: the old side of `svc spec diff git:origin/main:openapi.yaml openapi.yaml`.
 *
 * @example
 * const { text, url, resolver } = await openGitSpec(cwd, 'origin/main', 'api/openapi.yaml');
 */
export async function openGitSpec(
  cwd: string,
  rev: string,
  path: string,
): Promise<{ text: string; url: URL; resolver: SpecResolver }> {
  let top: string;
  try {
    top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' })).stdout.trim();
  } catch {
    throw new Error('not inside a git repository');
  }
  const toRepoPath = (absolute: string) => relative(top, absolute).split('\\').join('/');
  const absolute = resolve(cwd, path);
  const text = await gitShow(top, rev, toRepoPath(absolute));
  const resolver: SpecResolver = {
    canRead: (url) => url.protocol === 'file:' && !relative(top, fileURLToPath(url)).startsWith('..'),
    read: (url) => gitShow(top, rev, toRepoPath(fileURLToPath(url))),
  };
  return { text, url: pathToFileURL(absolute), resolver };
}
