import { describe, expect, it } from 'vitest';
import { isActivityError } from '../../errors.js';
import { generatePage } from '../../generate-page.js';
import { validatePage } from '../../validate-page.js';
import { crosswordKind } from './crossword-kind.js';
import type { CrosswordDoc } from './crossword-types.js';

const WORDS = [
  { word: 'Python', clue: 'Snake, or a programming language' },
  { word: 'rust', clue: 'Reddish coat on old iron' },
  { word: 'Type-Script', clue: 'JavaScript with types' },
  { word: 'Go', clue: 'Board game, or a language from Google' },
  { word: 'Haskell', clue: 'Lazy functional language' },
];

function generate(input: Record<string, unknown>, seed: string | number = 'test'): CrosswordDoc {
  return generatePage({ kind: 'crossword', input, seed }).doc as unknown as CrosswordDoc;
}

function inputError(input: Record<string, unknown>): string {
  try {
    generatePage({ kind: 'crossword', input, seed: 1 });
  } catch (error) {
    if (isActivityError(error) && error.code === 'ACT_INVALID_INPUT')
      return error.issues.map((i) => i.message).join(' ');
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('crossword kind', () => {
  it('lays out the given words with folded answers and their clues', () => {
    const doc = generate({ words: WORDS });
    const entries = [...doc.across, ...doc.down];
    expect(entries.map((e) => e.answer).sort()).toEqual(['GO', 'HASKELL', 'PYTHON', 'RUST', 'TYPESCRIPT']);
    expect(entries.find((e) => e.answer === 'TYPESCRIPT')?.clue).toBe('JavaScript with types');
    expect(doc.unplaced).toEqual([]);
    expect(validatePage({ kind: 'crossword', doc }).errors).toEqual([]);
  });

  it('numbers cells in reading order and starts every clue on its number', () => {
    const doc = generate({ words: WORDS });
    const numbers = doc.numbers.flat().filter((n): n is number => n !== null);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    for (const entry of [...doc.across, ...doc.down])
      expect(doc.numbers[entry.row]?.[entry.col]).toBe(entry.number);
  });

  it('lists words that share no letter with the layout as unplaced', () => {
    const doc = generate({
      words: [
        { word: 'ABC', clue: 'a' },
        { word: 'CAB', clue: 'b' },
        { word: 'XYZ', clue: 'c' },
      ],
    });
    expect(doc.unplaced).toEqual([{ answer: 'XYZ', clue: 'c' }]);
    expect(doc.across.length + doc.down.length).toBe(2);
  });

  it('uses a bundled theme when no words are given', () => {
    const doc = generate({ theme: 'space', count: 10 });
    expect(doc.across.length + doc.down.length + doc.unplaced.length).toBe(10);
    expect(crosswordKind.validate(doc)).toEqual([]);
  });

  it('refuses duplicate answers, foreign letters, long words and empty clues', () => {
    expect(
      inputError({
        words: [
          { word: 'Cat', clue: 'a' },
          { word: 'C-A-T', clue: 'b' },
        ],
      }),
    ).toMatch(/CAT is already entry 1/);
    expect(
      inputError({
        words: [
          { word: 'Кот', clue: 'a' },
          { word: 'cat', clue: 'b' },
        ],
      }),
    ).toMatch(/outside A–Z/);
    expect(
      inputError({
        words: [
          { word: 'abcdef', clue: 'a' },
          { word: 'cat', clue: 'b' },
        ],
        maxSize: 5,
      }),
    ).toMatch(/longer than maxSize/);
    expect(
      inputError({
        words: [
          { word: 'dog', clue: ' ' },
          { word: 'cat', clue: 'b' },
        ],
      }),
    ).toMatch(/clue must be non-empty/);
    expect(inputError({ words: ['dog', { word: 'cat', clue: 'b' }] })).toMatch(/expected \{ word, clue \}/);
    expect(
      inputError({
        words: [
          { word: 'a', clue: 'x' },
          { word: 'cat', clue: 'b' },
        ],
      }),
    ).toMatch(/at least 2 letters/);
  });

  it('rejects a changed letter, a wrong number, a missing clue and an accidental word', () => {
    const doc = generate({ words: WORDS });
    const entry = doc.across[0] as CrosswordDoc['across'][number];

    const letter = structuredClone(doc);
    (letter.cells[entry.row] as (string | null)[])[entry.col + 1] = entry.answer[1] === 'Q' ? 'Z' : 'Q';
    expect(crosswordKind.validate(letter).length).toBeGreaterThan(0);

    const number = structuredClone(doc);
    (number.across[0] as { number: number }).number += 1;
    expect(
      crosswordKind
        .validate(number)
        .map((i) => i.message)
        .join(),
    ).toMatch(/numbered/);

    const missing = structuredClone(doc);
    missing.down.pop();
    expect(
      crosswordKind
        .validate(missing)
        .map((i) => i.message)
        .join(),
    ).toMatch(/no clue/);

    const accidental = structuredClone(doc);
    const row = accidental.cells[entry.row] as (string | null)[];
    if (entry.col + entry.length < doc.width) row[entry.col + entry.length] = 'S';
    else row[entry.col - 1] = 'S';
    expect(crosswordKind.validate(accidental).length).toBeGreaterThan(0);
  });

  it('never throws on garbage', () => {
    const garbage = [
      null,
      7,
      'x',
      [],
      {},
      { width: 2, height: 1, cells: [['A', 'B']] },
      {
        width: 2,
        height: 1,
        cells: [['A', 'B']],
        numbers: [[1, null]],
        across: [{}],
        down: 'x',
        unplaced: [],
      },
    ];
    for (const doc of garbage) expect(crosswordKind.validate(doc).length).toBeGreaterThan(0);
  });

  it('draws the blocks, numbers and clues; the key fills the letters', () => {
    const doc = generate({ words: WORDS });
    const puzzle = crosswordKind.draw(doc, { key: false, largePrint: false });
    const key = crosswordKind.draw(doc, { key: true, largePrint: false });
    const letters = doc.cells.flat().filter((cell) => cell !== null).length;
    const blocks = doc.cells.flat().length - letters;
    expect(puzzle.items.filter((item) => item.type === 'rect' && item.fill)).toHaveLength(blocks);
    const texts = (drawing: typeof puzzle) =>
      drawing.items.flatMap((item) => (item.type === 'text' ? [item.text] : []));
    expect(texts(puzzle)).toContain('Across');
    expect(texts(puzzle).join(' ')).toContain('JavaScript with types (10)');
    expect(texts(key).filter((text) => /^[A-Z]$/.test(text))).toHaveLength(letters);
    expect(puzzle.width).toBeLessThanOrEqual(127);
    const large = crosswordKind.draw(doc, { key: true, largePrint: true });
    expect(
      Math.max(...large.items.flatMap((item) => (item.type === 'text' ? [item.size] : []))),
    ).toBeGreaterThanOrEqual(18);
  });
});
