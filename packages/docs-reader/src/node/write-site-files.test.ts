import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSiteFiles } from './write-site-files.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});
const newFolder = () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-site-write-'));
  roots.push(root);
  return root;
};
/** Every file under `dir`, as paths relative to it. */
const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe('writeSiteFiles', () => {
  // The index first in the map, as a build may list it: a write failing after it must not leave
  // a folder that looks like a whole site (a server serves a site with an index as it is).
  const site = (page: string) =>
    new Map<string, string>([
      ['docs/index.json', JSON.stringify({ pages: [{ id: page }] })],
      [`docs/${page}.md`, `# ${page}\n`],
      [`docs/${page}.json`, '{}'],
      ['blocked/search.json', '{}'],
    ]);

  it('writes the index last: a build cut short leaves a new folder without one, and no half-written file', async () => {
    const dir = newFolder();
    // A file where the build needs a folder: the write of blocked/search.json fails.
    writeFileSync(join(dir, 'blocked'), 'in the way');
    await expect(writeSiteFiles(dir, site('intro'))).rejects.toThrow();
    expect(existsSync(join(dir, 'docs', 'index.json'))).toBe(false);
    expect(listFiles(dir).filter((path) => path.endsWith('.partial'))).toEqual([]);
  });

  it('keeps the previous index of an existing site when a rebuild is cut short', async () => {
    const dir = newFolder();
    const first = site('intro');
    first.delete('blocked/search.json');
    await writeSiteFiles(dir, first);
    const before = readFileSync(join(dir, 'docs', 'index.json'), 'utf8');
    writeFileSync(join(dir, 'blocked'), 'in the way');
    await expect(writeSiteFiles(dir, site('guide'))).rejects.toThrow();
    expect(readFileSync(join(dir, 'docs', 'index.json'), 'utf8')).toBe(before);
  });

  it('writes every file whole and removes the pages a previous build listed and this one has not', async () => {
    const dir = newFolder();
    const first = site('intro');
    first.delete('blocked/search.json');
    await writeSiteFiles(dir, first);
    mkdirSync(join(dir, 'blocked'));
    await writeSiteFiles(dir, site('guide'));
    expect(listFiles(dir)).toEqual([
      'blocked/search.json',
      'docs/guide.json',
      'docs/guide.md',
      'docs/index.json',
    ]);
    expect(readFileSync(join(dir, 'docs', 'guide.md'), 'utf8')).toBe('# guide\n');
  });
});
