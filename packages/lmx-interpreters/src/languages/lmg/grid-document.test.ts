import { describe, expect, it } from 'vitest';
import { toPlainData } from './document-node.js';
import { readGridScript } from './grid-document.js';
import { readJsonDocument } from './json-reader.js';
import { readYamlDocument } from './yaml-reader.js';

describe('lmg grid documents', () => {
  it('reads cells from specialConfig and a top-level code, and statements after the JSON', () => {
    const read = readGridScript(
      '{"cells":[{"id":"a","specialConfig":{"code":"2"}},{"id":"b","code":"a * 21"},{"id":"c","props":{"code":"b + 1","title":"x"}}]}\nGRAPH\ncell b',
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.format).toBe('json');
    expect(read.cells.map((cell) => [cell.id, cell.code?.text, cell.propsCode?.text])).toEqual([
      ['a', '2', undefined],
      ['b', 'a * 21', undefined],
      ['c', undefined, 'b + 1'],
    ]);
    expect(read.cells[0]?.code).toEqual({ text: '2', line: 1, column: 46 });
    expect(read.statements).toEqual([
      { verb: 'GRAPH', line: 2, column: 1 },
      { verb: 'CELL', cellId: 'b', line: 3, column: 1 },
    ]);
  });

  it('reads the same grid from YAML, with a block scalar and statements after it', () => {
    const read = readGridScript(
      [
        '# a grid',
        'cells:',
        '  - id: a',
        '    specialConfig:',
        '      code: 2',
        '  - id: b',
        '    specialConfig: {"code": "a * 21"}',
        '  - id: d',
        '    specialConfig:',
        '      kind: action:dream',
        '      code: |',
        '        "topic " + b',
        'GRAPH',
      ].join('\n'),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.format).toBe('yaml');
    expect(read.cells.map((cell) => [cell.id, cell.kind, cell.code?.text])).toEqual([
      ['a', 'expression', '2'],
      ['b', 'expression', 'a * 21'],
      ['d', 'action:dream', '"topic " + b\n'],
    ]);
    expect(read.statements).toEqual([{ verb: 'GRAPH', line: 13, column: 1 }]);
  });

  it('runs RUN when no statement follows', () => {
    const read = readGridScript('{"cells":[]}');
    expect(read.ok && read.statements.map((statement) => statement.verb)).toEqual(['RUN']);
  });

  it('reports every problem of the document with its position', () => {
    const read = readGridScript(
      '{"cells":[{"id":"a"},{"id":"a"},{"id":"1x"},{"id":"k","specialConfig":{"kind":"spell"}}]}\nDRAW a',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map((problem) => `${problem.line}:${problem.column} ${problem.message}`)).toEqual([
      '1:28 two cells have the id "a"',
      '1:39 every cell needs an "id" that is a name (letters, digits, "_"; not starting with a digit)',
      '1:79 a cell\'s kind is "expression" or "action:<name>", not "spell"',
      '2:1 expected RUN, GRAPH or CELL <id> but found "DRAW a"',
    ]);
    expect(readGridScript('[1, 2]')).toMatchObject({ ok: false });
    expect(readGridScript('{"cells": [}')).toMatchObject({
      ok: false,
      problems: [{ code: 'E_PARSE', line: 1, column: 12 }],
    });
  });
});

describe('lmg JSON reader', () => {
  it('keeps __proto__ and constructor as ordinary keys', () => {
    const read = readJsonDocument('{"__proto__": {"polluted": true}, "constructor": 1}');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const data = toPlainData(read.node) as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(Object.keys(data)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses 100 000 nested brackets with E_LIMIT_DEPTH instead of overflowing', () => {
    const read = readJsonDocument('['.repeat(100_000) + ']'.repeat(100_000));
    expect(read).toMatchObject({ ok: false, problem: { code: 'E_LIMIT_DEPTH' } });
  });
});

describe('lmg YAML subset', () => {
  const plain = (text: string) => {
    const read = readYamlDocument(text);
    return read.ok ? toPlainData(read.node) : read.problem;
  };

  it('reads mappings, sequences, scalars and block scalars', () => {
    expect(
      plain(
        'a: 1\nb: "x: y"\nc: \'it\'\'s\'\nd: ~\ne: true\nf: [1, "two"]\ng:\n- 1\n- 2\nh: >-\n  one\n  two\n',
      ),
    ).toEqual(
      Object.assign(Object.create(null), {
        a: 1,
        b: 'x: y',
        c: "it's",
        d: null,
        e: true,
        f: [1, 'two'],
        g: [1, 2],
        h: 'one two',
      }),
    );
    expect(plain('- a: 1\n  b: 2\n- c # comment\n')).toEqual([
      Object.assign(Object.create(null), { a: 1, b: 2 }),
      'c',
    ]);
  });

  it('names the features it does not support', () => {
    expect(plain('a: &x 1')).toMatchObject({
      code: 'E_PARSE',
      message: expect.stringMatching(/anchors/),
      line: 1,
      column: 4,
    });
    expect(plain('a: *x')).toMatchObject({ message: expect.stringMatching(/aliases/) });
    expect(plain('a: !tag 1')).toMatchObject({ message: expect.stringMatching(/tags/) });
    expect(plain('a: 1\na: 2')).toMatchObject({ message: expect.stringMatching(/appears twice/), line: 2 });
    expect(plain('a:\n\tb: 1')).toMatchObject({ message: expect.stringMatching(/tabs/) });
    expect(plain('a: "open')).toMatchObject({ message: expect.stringMatching(/not closed/) });
    expect(plain('a: 1\n  b: 2')).toMatchObject({ code: 'E_PARSE', line: 2 });
  });

  it('stops at a document end marker', () => {
    const read = readYamlDocument('a: 1\n...\nGRAPH\n');
    expect(read.ok && read.end).toBe(5);
  });
});
