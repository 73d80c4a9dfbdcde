import { describe, expect, it } from 'vitest';
import { lexScript } from './lexer.js';
import { createScriptParser } from './script-parser.js';

describe('the shared lexer', () => {
  it('reads numbers, names, strings with escapes and punctuation with positions', () => {
    const { tokens, diagnostics } = lexScript('x = 1_000.5e1 "a\\n\\u{1F600}" >= ->');
    expect(diagnostics).toEqual([]);
    expect(tokens.map((token) => token.kind)).toEqual([
      'name',
      'punct',
      'number',
      'string',
      'punct',
      'punct',
      'eof',
    ]);
    expect(tokens[2]?.value).toBe(10005);
    expect(tokens[3]?.parts).toEqual([{ kind: 'text', text: 'a\n😀' }]);
    expect(tokens[4]).toMatchObject({ text: '>=', line: 1, column: 30 });
  });

  it('splits a string into text and {{ }} expressions, even when the expression holds "}}" in a string', () => {
    const { tokens } = lexScript(`"Disk {{ input.disk }}% {{ '}}' }}"`);
    expect(tokens[0]?.parts).toEqual([
      { kind: 'text', text: 'Disk ' },
      { kind: 'expression', source: ' input.disk ', line: 1, column: 9 },
      { kind: 'text', text: '% ' },
      { kind: 'expression', source: " '}}' ", line: 1, column: 27 },
    ]);
  });

  it('reports unknown characters, bad escapes and unterminated strings and keeps going', () => {
    const { tokens, diagnostics } = lexScript('a ` b "x\\q\n"open');
    expect(diagnostics.map((item) => item.message)).toEqual([
      'unexpected character "`"',
      expect.stringMatching(/^expected an escape .* but found "\\\\q"$/),
      'expected " to close the string but found end of line',
      'expected " to close the string but found end of line',
    ]);
    expect(tokens.filter((token) => token.kind === 'name').map((token) => token.text)).toEqual(['a', 'b']);
  });

  it('treats # and // as comments and ; as a line end', () => {
    const { tokens } = lexScript('a # c\nb // d\nc; d');
    expect(tokens.map((token) => token.kind)).toEqual([
      'name',
      'newline',
      'name',
      'newline',
      'name',
      'newline',
      'name',
      'eof',
    ]);
  });
});

describe('the Pratt expression parser', () => {
  const parse = (source: string) => createScriptParser(source).parseExpression();

  it('binds * tighter than +, ^ right to left, unary minus looser than ^', () => {
    expect(parse('1 + 2 * 3')).toMatchObject({ operator: '+', right: { operator: '*' } });
    expect(parse('2 ^ 3 ^ 2')).toMatchObject({ operator: '^', right: { operator: '^' } });
    expect(parse('-2 ^ 2')).toMatchObject({ kind: 'unary', operand: { operator: '^' } });
  });

  it('parses and/or/not case-insensitively with comparisons inside', () => {
    expect(parse('NOT a == b OR c')).toMatchObject({
      kind: 'logical',
      operator: 'or',
      left: { kind: 'unary', operator: 'not', operand: { operator: '==' } },
    });
  });

  it('parses member access, indexing and calls, and newlines inside brackets', () => {
    expect(parse('f(a.b[1],\n  [1,\n 2], {k: 1, "x y": 2})')).toMatchObject({
      kind: 'call',
      args: [
        { kind: 'index', object: { kind: 'member', name: 'b' } },
        { kind: 'list' },
        { kind: 'map', entries: [{ key: 'k' }, { key: 'x y' }] },
      ],
    });
  });

  it('refuses a chain of comparisons with a clear message', () => {
    const parser = createScriptParser('1 < 2 < 3');
    expect(() => parser.parseExpression()).toThrow();
    expect(parser.diagnostics[0]?.message).toMatch(/^expected "and" between comparisons/);
  });

  it('stops 100 000 nested brackets with a depth error instead of overflowing the stack', () => {
    const parser = createScriptParser('('.repeat(100_000));
    expect(() => parser.parseExpression()).toThrow();
    expect(parser.diagnostics[0]).toMatchObject({ code: 'E_LIMIT_DEPTH' });
  });

  it('recovers per line so several syntax errors are reported at once', () => {
    const parser = createScriptParser('1 +\n(2\n3 ]\n4');
    parser.parseBlock((inner) => {
      const expression = inner.parseExpression();
      inner.expectLineEnd();
      return expression;
    });
    expect(parser.diagnostics.map((item) => [item.line, item.message])).toEqual([
      [1, 'expected an expression but found end of line'],
      [2, 'expected ")" to close "(" but found end of line'],
      [3, 'expected the end of the line but found "]"'],
    ]);
  });
});

describe('recovering inside a statement', () => {
  it('skips to the next clause word on the same line, or stops at the line end', () => {
    const parser = createScriptParser('FROM t WHERE = = 1 SELECT a\nFROM u');
    parser.next();
    parser.next();
    parser.next();
    expect(() => parser.parseExpression()).toThrow();
    expect(parser.recoverTo(['select', 'limit'])).toBe(true);
    expect(parser.peek().text).toBe('SELECT');
    parser.next();
    expect(parser.recoverTo(['where'])).toBe(false);
    expect(parser.peek().kind).toBe('newline');
  });
});
