import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-activity-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const run = (argv: string[], stdin?: string) =>
  runInProcess(argv, { cwd: dir, ...(stdin === undefined ? {} : { stdin }) });

describe('svc activity', () => {
  it('lists every kind, as a table and as JSON', async () => {
    const table = await run(['activity', 'kinds']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^KIND\s+ACCESS/);
    const json = await run(['activity', 'kinds', '--json']);
    const kinds = JSON.parse(json.stdout) as { kind: string; requiresAccount: boolean }[];
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining([
        'sudoku',
        'wordsearch',
        'maze',
        'crossword',
        'cryptogram',
        'wordscramble',
        'nonogram',
        'math',
      ]),
    );
    expect(
      kinds
        .filter((k) => !k.requiresAccount)
        .map((k) => k.kind)
        .sort(),
    ).toEqual(['maze', 'sudoku', 'wordsearch']);
  });

  it('generates the same page for the same seed and writes it to a file', async () => {
    const first = await run(['activity', 'generate', 'sudoku', '--seed', '7', '--input', '{"size":9}']);
    const second = await run(['activity', 'generate', 'sudoku', '--seed', '7', '--input', '{"size":9}']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    expect(JSON.parse(first.stdout)).toMatchObject({ kind: 'sudoku', seed: '7' });
    const toFile = await run(['activity', 'generate', 'maze', '--seed', 'm', '-o', 'maze.json']);
    expect(toFile.code).toBe(0);
    expect(toFile.stderr).toContain('maze.json');
    expect(JSON.parse(readFileSync(join(dir, 'maze.json'), 'utf8')).kind).toBe('maze');
  });

  it('answers an unknown kind, bad JSON and invalid input with exit 2 and the reasons', async () => {
    expect((await run(['activity', 'generate', 'origami'])).code).toBe(2);
    expect((await run(['activity', 'generate', 'sudoku', '--input', '{nope'])).stderr).toContain(
      '--input is not JSON',
    );
    const bad = await run(['activity', 'generate', 'sudoku', '--input', '{"size":5,"colour":"red"}']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('/colour');
  });

  it('prints a page as standalone HTML for a trim, with or without the key', async () => {
    await run(['activity', 'generate', 'wordsearch', '--seed', 'w', '-o', 'ws.json']);
    const puzzle = await run(['activity', 'print', 'ws.json', '--trim', 'A4', '-o', 'ws.html']);
    expect(puzzle.code).toBe(0);
    const html = readFileSync(join(dir, 'ws.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).toMatch(/@page\s*{[^}]*size:\s*210mm 297mm/);
    const key = await run(
      ['activity', 'print', '-', '--trim', 'Letter', '--key'],
      readFileSync(join(dir, 'ws.json'), 'utf8'),
    );
    expect(key.code).toBe(0);
    expect(key.stdout).not.toBe(html);
  });

  it('refuses a tampered page with exit 1 and a non-page file with exit 2', async () => {
    const page = JSON.parse(readFileSync(join(dir, 'maze.json'), 'utf8'));
    page.doc.solution = [];
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(page));
    expect((await run(['activity', 'print', 'bad.json', '--trim', 'A4'])).code).toBe(1);
    writeFileSync(join(dir, 'notes.json'), '{"hello": 1}');
    expect((await run(['activity', 'print', 'notes.json'])).code).toBe(2);
  });

  it('builds a PDF book from page files', async () => {
    await run(['activity', 'generate', 'sudoku', '--seed', 's1', '-o', 's1.json']);
    const book = await run([
      'activity',
      'book',
      's1.json',
      'ws.json',
      'maze.json',
      '--title',
      'Rainy Day',
      '--trim',
      '8.5x11',
      '-o',
      'book.pdf',
    ]);
    expect(book.code).toBe(0);
    expect(book.stderr).toContain('book.pdf');
    expect(readFileSync(join(dir, 'book.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await run(['activity', 'book', 's1.json', '-o', 'x.pdf'])).stderr).toContain('missing --title');
  });
});
