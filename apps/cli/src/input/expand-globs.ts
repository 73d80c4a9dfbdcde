import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** Arguments after glob expansion, or the first pattern that matched nothing. */
export type ExpandedFiles = { ok: true; files: string[] } | { ok: false; message: string };

const GLOB_CHARS = /[*?[{]/;
/** Never searched by a pattern (a spec is never in them; walking them is slow). */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/**
 * Expands glob patterns among file arguments (`specs/*.yaml`, `api/**\/openapi.{json,yaml}`)
 * relative to `cwd`, in sorted order; other arguments (and `-`) stay as given. A pattern that
 * matches no file is an error: a CI step must not pass because it checked nothing. Quote
 * patterns so the shell leaves them to svc, which expands them the same on every platform.
 *
 * @example
 * await expandGlobs(['specs/*.yaml', 'extra.json'], cwd); // { ok: true, files: ['specs/a.yaml', 'specs/b.yaml', 'extra.json'] }
 */
export async function expandGlobs(args: readonly string[], cwd: string): Promise<ExpandedFiles> {
  const files: string[] = [];
  for (const arg of args) {
    if (arg === '-' || !GLOB_CHARS.test(arg)) {
      files.push(arg);
      continue;
    }
    const matches = await matchGlob(arg, cwd);
    if (matches.length === 0) return { ok: false, message: `no file matches ${arg}` };
    files.push(...matches);
  }
  return { ok: true, files: [...new Set(files)] };
}

async function matchGlob(pattern: string, cwd: string): Promise<string[]> {
  const segments = pattern.split('/');
  const firstGlob = segments.findIndex((segment) => GLOB_CHARS.test(segment));
  const base = segments.slice(0, firstGlob).join('/');
  const matcher = toRegExp(pattern);
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(resolve(cwd, relative === '' ? '.' : relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = relative === '' ? entry.name : join(relative, entry.name).replaceAll('\\', '/');
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await walk(path);
      } else if (entry.isFile() && matcher.test(path)) {
        found.push(path);
      }
    }
  };
  await walk(base);
  return found.sort();
}

/** A glob as an anchored regular expression over `/`-separated relative paths. */
function toRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      source += slash ? '(?:[^/]*/)*' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) source += '\\{';
      else {
        source += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(escapeRegExp)
          .join('|')})`;
        i = end;
      }
    } else if (char === '[') {
      const end = pattern.indexOf(']', i);
      if (end === -1) source += '\\[';
      else {
        source += `[${pattern
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\')}]`;
        i = end;
      }
    } else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
