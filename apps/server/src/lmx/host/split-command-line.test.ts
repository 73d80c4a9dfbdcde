import { describe, expect, it } from 'vitest';
import { CommandLineError, splitCommandLine } from './split-command-line.js';

describe('splitCommandLine', () => {
  it('splits words and keeps quoted blanks', () => {
    expect(splitCommandLine(`grep -c "two words" 'it''s' a\\ b`)).toEqual([
      'grep',
      '-c',
      'two words',
      'its',
      'a b',
    ]);
  });

  it('keeps shell syntax as ordinary characters', () => {
    expect(splitCommandLine('echo $HOME * | rm -rf / ; `id` $(id) > x')).toEqual([
      'echo',
      '$HOME',
      '*',
      '|',
      'rm',
      '-rf',
      '/',
      ';',
      '`id`',
      '$(id)',
      '>',
      'x',
    ]);
  });

  it('reads escapes inside double quotes only for quote and backslash', () => {
    expect(splitCommandLine('printf "a\\"b\\\\c\\n"')).toEqual(['printf', 'a"b\\c\\n']);
  });

  it('keeps an empty quoted argument', () => {
    expect(splitCommandLine(`printf '' x`)).toEqual(['printf', '', 'x']);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['echo "open', 'never closed'],
    ["echo 'open", 'never closed'],
    ['echo \\', 'escapes nothing'],
    ['echo a\0b', 'NUL'],
  ])('refuses %j with a located error', (line, message) => {
    let caught: unknown;
    try {
      splitCommandLine(line);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CommandLineError);
    expect((caught as CommandLineError).message).toContain(message);
    expect((caught as CommandLineError).column).toBeGreaterThan(0);
  });

  it('bounds the number of arguments', () => {
    expect(() => splitCommandLine(`echo ${'a '.repeat(300)}`)).toThrow(/at most 256/);
  });
});
