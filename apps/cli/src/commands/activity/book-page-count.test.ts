import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBin } from '../../testing/run-bin.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-book-count-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const svc = (args: string[]) => runBin(args, { cwd: dir });

/** The page count poppler's pdfinfo reads from the file (poppler-utils is installed by .ci/run). */
function pdfinfoPages(file: string): number {
  const info = execFileSync('pdfinfo', [join(dir, file)], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
}

describe('svc activity book (the built binary)', () => {
  it.each([
    [['s1.json'], []],
    [['s1.json', 's2.json'], []],
    [['s1.json', 's2.json', 's3.json'], []],
    [['s1.json', 's2.json'], ['--no-keys']],
  ])('prints the page count pdfinfo reads, for %j %j', (files, extra) => {
    for (const file of files)
      expect(svc(['activity', 'generate', 'sudoku', '--seed', file, '-o', file]).code).toBe(0);
    const run = svc(['activity', 'book', ...files, '--title', 'Count', ...extra, '-o', 'book.pdf']);
    expect(run.code).toBe(0);
    const pages = pdfinfoPages('book.pdf');
    expect(pages).toBeGreaterThan(files.length);
    const puzzles = `${files.length} puzzle${files.length === 1 ? '' : 's'}`;
    expect(run.stderr).toMatch(
      new RegExp(`^✓ wrote book\\.pdf \\(${pages} pages: ${puzzles}, \\d+ bytes\\)\\n$`),
    );
  });
});
