import { describe, expect, it } from 'vitest';
import { describeField, type InputField, initialValues, toKindInput } from './kind-input';

const FIELDS: InputField[] = [
  { name: 'size', type: 'integer', description: 'Grid size.', default: 9, min: 4, max: 16 },
  { name: 'density', type: 'number', description: 'Share.', default: 0.6 },
  { name: 'difficulty', type: 'enum', description: 'Level.', default: 'any', values: ['any', 'easy'] },
  { name: 'overlap', type: 'boolean', description: 'Share letters.', default: true },
  { name: 'hint', type: 'boolean', description: 'Show a hint.', default: false },
  { name: 'words', type: 'string[]', description: 'Words.', min: 1, max: 60 },
  { name: 'mask', type: 'grid', description: 'Shape.' },
  { name: 'entries', type: 'object[]', description: 'Entries.' },
  { name: 'text', type: 'string', description: 'Quote.', min: 1, max: 500 },
];

describe('the puzzle form generated from a kind', () => {
  it('starts empty so the server applies its own defaults, booleans at their default', () => {
    expect(initialValues(FIELDS)).toEqual({
      size: '',
      density: '',
      difficulty: '',
      overlap: true,
      hint: false,
      words: '',
      mask: '',
      entries: '',
      text: '',
    });
    expect(toKindInput(FIELDS, initialValues(FIELDS))).toEqual({ input: {}, problems: [] });
  });

  it('turns each type into the value the API expects', () => {
    const { input, problems } = toKindInput(FIELDS, {
      ...initialValues(FIELDS),
      size: ' 6 ',
      density: '0.5',
      difficulty: 'easy',
      overlap: false,
      hint: true,
      words: 'otter\n beaver \n\nmole',
      mask: '0110\n1111',
      entries: '[{"word":"cat","clue":"Pet"}]',
      text: ' To be. ',
    });
    expect(problems).toEqual([]);
    expect(input).toEqual({
      size: 6,
      density: 0.5,
      difficulty: 'easy',
      overlap: false,
      hint: true,
      words: ['otter', 'beaver', 'mole'],
      mask: ['0110', '1111'],
      entries: [{ word: 'cat', clue: 'Pet' }],
      text: 'To be.',
    });
  });

  it('reads a one-line list separated by commas', () => {
    expect(toKindInput(FIELDS, { words: 'otter, beaver,mole' }).input).toEqual({
      words: ['otter', 'beaver', 'mole'],
    });
  });

  it('names the field of a value it cannot read instead of sending it', () => {
    const { input, problems } = toKindInput(FIELDS, {
      size: '6.5',
      density: 'lots',
      entries: 'otter\nmole: Digs',
    });
    expect(input).toEqual({});
    expect(problems).toEqual([
      { name: 'size', message: 'size must be a whole number' },
      { name: 'density', message: 'density must be a number' },
      {
        name: 'entries',
        message: 'entries line 1 needs a word, a colon and its clue (otter: Plays in rivers)',
      },
    ]);
  });

  it('reads crossword words one per line with their clues, as puzzle makers write them', () => {
    const lines =
      'otter: Plays in rivers\r\n\n  Red panda\tEats bamboo: mostly \nmole - Digs: tunnels\nsea — Salt water';
    expect(toKindInput(FIELDS, { entries: lines }).input).toEqual({
      entries: [
        { word: 'otter', clue: 'Plays in rivers' },
        { word: 'Red panda', clue: 'Eats bamboo: mostly' },
        { word: 'mole', clue: 'Digs: tunnels' },
        { word: 'sea', clue: 'Salt water' },
      ],
    });
  });

  it('still reads a JSON array of words and clues, and says what is wrong with a broken one', () => {
    expect(toKindInput(FIELDS, { entries: '[{"word":"cat","clue":"Purrs"}]' }).input).toEqual({
      entries: [{ word: 'cat', clue: 'Purrs' }],
    });
    expect(toKindInput(FIELDS, { entries: '[{"word":' }).problems).toEqual([
      {
        name: 'entries',
        message: 'entries starts with [ but is not a JSON array; write one word and clue per line instead',
      },
    ]);
  });

  it('describes a field with its default and bounds', () => {
    expect(describeField(FIELDS[0] as InputField)).toBe('Grid size. Default: 9. From 4 to 16.');
    expect(describeField(FIELDS[5] as InputField)).toBe('Words. From 1 to 60 entries. One per line.');
  });
});
