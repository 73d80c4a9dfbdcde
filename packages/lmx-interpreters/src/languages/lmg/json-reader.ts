import {
  createPositionFinder,
  type DocumentNode,
  type DocumentRead,
  maxDocumentDepth,
} from './document-node.js';

class JsonProblem extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly depthExceeded = false,
  ) {
    super(message);
  }
}

/**
 * Reads one JSON value from the start of `text` (after whitespace) and reports where it
 * ended, so statements may follow it (`start` reads from an offset, `depth` counts the
 * levels already open around it and `at` reuses a position finder, for a YAML reader's
 * flow collections). Positions of every node are kept; nesting deeper
 * than {@link maxDocumentDepth} is refused with `E_LIMIT_DEPTH`, never a stack overflow.
 *
 * @example
 * const read = readJsonDocument('{"cells": []}\nGRAPH');
 * read.ok && read.end; // 13
 */
export function readJsonDocument(
  text: string,
  start = 0,
  depth = 0,
  at: (offset: number) => { line: number; column: number } = createPositionFinder(text),
): DocumentRead {
  let position = start;
  try {
    skipSpace();
    const node = readValue(depth);
    return { ok: true, node, end: position };
  } catch (error) {
    if (!(error instanceof JsonProblem)) throw error;
    const { line, column } = at(error.offset);
    return {
      ok: false,
      problem: {
        code: error.depthExceeded ? 'E_LIMIT_DEPTH' : 'E_PARSE',
        message: error.message,
        line,
        column,
      },
    };
  }

  function skipSpace(): void {
    while (position < text.length && ' \t\r\n'.includes(text.charAt(position))) position += 1;
  }

  function found(): string {
    return position >= text.length ? 'end of input' : JSON.stringify(text.charAt(position));
  }

  function expect(char: string): void {
    skipSpace();
    if (text.charAt(position) !== char)
      throw new JsonProblem(`expected "${char}" but found ${found()}`, position);
    position += 1;
  }

  function readValue(depth: number): DocumentNode {
    if (depth > maxDocumentDepth) {
      throw new JsonProblem(`the document nests deeper than ${maxDocumentDepth} levels`, position, true);
    }
    skipSpace();
    const start = position;
    const char = text.charAt(position);
    if (char === '{') return readObject(depth, start);
    if (char === '[') return readArray(depth, start);
    if (char === '"') return { kind: 'scalar', value: readString(), ...at(start) };
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(
      text.slice(position, position + 400),
    );
    if (!literal) throw new JsonProblem(`expected a JSON value but found ${found()}`, position);
    const word = literal[0];
    const value = word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new JsonProblem(`number out of range: ${word.slice(0, 40)} (numbers are finite)`, position);
    position += word.length;
    return { kind: 'scalar', value, ...at(start) };
  }

  function readObject(depth: number, start: number): DocumentNode {
    position += 1;
    const entries: Array<{ key: string; value: DocumentNode }> = [];
    skipSpace();
    if (text.charAt(position) === '}') {
      position += 1;
      return { kind: 'map', entries, ...at(start) };
    }
    for (;;) {
      skipSpace();
      if (text.charAt(position) !== '"')
        throw new JsonProblem(`expected a quoted key but found ${found()}`, position);
      const key = readString();
      expect(':');
      entries.push({ key, value: readValue(depth + 1) });
      skipSpace();
      const next = text.charAt(position);
      position += 1;
      if (next === '}') return { kind: 'map', entries, ...at(start) };
      if (next !== ',')
        throw new JsonProblem(
          `expected "," or "}" but found ${next ? JSON.stringify(next) : 'end of input'}`,
          position - 1,
        );
    }
  }

  function readArray(depth: number, start: number): DocumentNode {
    position += 1;
    const items: DocumentNode[] = [];
    skipSpace();
    if (text.charAt(position) === ']') {
      position += 1;
      return { kind: 'list', items, ...at(start) };
    }
    for (;;) {
      items.push(readValue(depth + 1));
      skipSpace();
      const next = text.charAt(position);
      position += 1;
      if (next === ']') return { kind: 'list', items, ...at(start) };
      if (next !== ',')
        throw new JsonProblem(
          `expected "," or "]" but found ${next ? JSON.stringify(next) : 'end of input'}`,
          position - 1,
        );
    }
  }

  function readString(): string {
    const start = position;
    position += 1;
    while (position < text.length) {
      const char = text.charAt(position);
      if (char === '"') {
        position += 1;
        try {
          return JSON.parse(text.slice(start, position)) as string;
        } catch {
          throw new JsonProblem('this string has an invalid escape or a control character', start);
        }
      }
      position += char === '\\' ? 2 : 1;
    }
    throw new JsonProblem('this string is never closed', start);
  }
}
