import type { Drawing, DrawingItem } from '../drawing/drawing.js';
import type { ActivityIssue } from '../errors.js';
import type { PuzzleKind } from '../kinds/kind.js';

/** The doc of the test-only `fake-grid` kind: a square of letters with some hidden. */
export interface FakeGridDoc {
  size: number;
  letters: string[];
  hidden: number[];
  label: string;
}

function drawGrid(doc: FakeGridDoc, key: boolean, largePrint: boolean): Drawing {
  const cell = largePrint ? 14 : 10;
  const items: DrawingItem[] = [];
  const side = doc.size * cell;
  for (let i = 0; i <= doc.size; i++) {
    items.push({
      type: 'line',
      x1: i * cell,
      y1: 0,
      x2: i * cell,
      y2: side,
      strokeWidth: i % doc.size === 0 ? 0.6 : 0.25,
    });
    items.push({ type: 'line', x1: 0, y1: i * cell, x2: side, y2: i * cell, strokeWidth: 0.25 });
  }
  doc.letters.forEach((letter, index) => {
    const x = (index % doc.size) * cell + cell / 2;
    const y = Math.floor(index / doc.size) * cell + cell / 2;
    if (!doc.hidden.includes(index) || key) {
      items.push({
        type: 'text',
        x,
        y,
        text: letter,
        size: largePrint ? 20 : 14,
        align: 'middle',
        bold: doc.hidden.includes(index),
      });
    }
  });
  items.push({ type: 'text', x: 0, y: side + 6, text: doc.label, size: 10 });
  if (key)
    items.push({
      type: 'polyline',
      points: [
        [cell / 2, cell / 2],
        [side - cell / 2, side - cell / 2],
      ],
      stroke: '#cc0000',
      round: true,
    });
  items.push({ type: 'circle', cx: side - 3, cy: side + 6, r: 2, fill: '#888888' });
  items.push({ type: 'rect', x: 0, y: side + 10, width: 20, height: 4, fill: '#dddddd', stroke: '#000000' });
  items.push({ type: 'line', x1: 25, y1: side + 12, x2: 60, y2: side + 12, dash: [1, 1] });
  return { width: Math.max(side, 60), height: side + 14, items };
}

function validateFake(doc: unknown): ActivityIssue[] {
  const value = doc as Partial<FakeGridDoc> | null;
  if (typeof value !== 'object' || value === null)
    return [{ code: 'ACT_INVALID_PAGE', message: 'doc must be an object.', path: '' }];
  const size = value.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 2 || size > 40) {
    return [{ code: 'ACT_INVALID_PAGE', message: 'size must be 2 to 40.', path: '/size' }];
  }
  if (!Array.isArray(value.letters) || value.letters.length !== size * size) {
    return [{ code: 'ACT_INVALID_PAGE', message: 'letters must fill the grid.', path: '/letters' }];
  }
  if (!Array.isArray(value.hidden) || typeof value.label !== 'string') {
    return [{ code: 'ACT_INVALID_PAGE', message: 'hidden and label are required.', path: '' }];
  }
  return [];
}

/** A tiny kind for printer and book tests, independent of the real kinds. */
export const fakeGridKind = {
  name: 'fake-grid',
  title: 'Fake grid',
  description: 'A grid of letters, for tests only.',
  requiresAccount: false,
  inputs: [],
  normalizeInput: (raw) => ({ input: raw, issues: [] }),
  generate: () => makeFakeDoc(4, 'generated'),
  validate: validateFake,
  summarize: (doc) => `${doc.size}×${doc.size} fake grid`,
  difficulty: (doc) => (doc.size > 8 ? 'hard' : 'easy'),
  draw: (doc, options) => drawGrid(doc, options.key, options.largePrint),
} satisfies PuzzleKind<Record<string, unknown>, FakeGridDoc>;

/**
 * A valid fake-grid doc of `size`×`size` letters.
 *
 * @example
 * makeFakeDoc(9, 'Animals <&>');
 */
export function makeFakeDoc(size: number, label: string): FakeGridDoc {
  const letters = Array.from({ length: size * size }, (_, i) => String.fromCharCode(65 + ((i * 7) % 26)));
  const hidden = Array.from({ length: size * size }, (_, i) => i).filter((i) => i % 3 === 0);
  return { size, letters, hidden, label };
}

/** A replacement for `kinds/registry.js` in tests: only the fake kind is known. */
export const fakeRegistry = {
  KINDS: [fakeGridKind],
  findKind: (name: unknown) => (name === fakeGridKind.name ? fakeGridKind : undefined),
};
