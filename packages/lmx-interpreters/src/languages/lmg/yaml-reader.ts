import {
  createPositionFinder,
  type DocumentNode,
  type DocumentRead,
  maxDocumentDepth,
} from './document-node.js';
import { readJsonDocument } from './json-reader.js';

interface SourceLine {
  /** Offset of the line's first character in the source. */
  readonly offset: number;
  readonly number: number;
  /** The whole line, without its line break. */
  readonly raw: string;
  indent: number;
  /** The line without its indentation and trailing comment. */
  content: string;
  /** Offset of `content` in the source. */
  contentOffset: number;
}

class YamlProblem extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly depthExceeded = false,
  ) {
    super(message);
  }
}

/**
 * Reads the YAML subset `lmg` accepts: block mappings and sequences, plain, single- and
 * double-quoted scalars, literal (`|`) and folded (`>`) block scalars, `#` comments and
 * flow collections written as JSON. Anchors, aliases, tags and several documents are
 * refused with `E_PARSE` naming the feature. Reading stops at a line `...` or at the first
 * line for which `endsDocument` is true (statements may follow the document).
 *
 * @example
 * const read = readYamlDocument('cells:\n  - id: a\n    code: "2"\n');
 * read.ok && read.node.kind; // 'map'
 */
export function readYamlDocument(
  text: string,
  endsDocument: (line: string) => boolean = () => false,
): DocumentRead {
  const at = createPositionFinder(text);
  const lines: SourceLine[] = [];
  let end = text.length;
  let index = 0;
  try {
    for (let offset = 0, number = 1; offset <= text.length; number += 1) {
      const newline = text.indexOf('\n', offset);
      const raw = text.slice(offset, newline === -1 ? text.length : newline).replace(/\r$/, '');
      if (raw === '...' || endsDocument(raw)) {
        end = offset;
        break;
      }
      if (!(number === 1 && raw === '---')) lines.push(toSourceLine(raw, offset, number));
      if (newline === -1) break;
      offset = newline + 1;
    }
    skipBlank();
    if (index >= lines.length)
      return { ok: true, node: { kind: 'scalar', value: null, line: 1, column: 1 }, end };
    const first = lines[index] as SourceLine;
    const node = readBlock(first.indent, 0);
    skipBlank();
    const extra = lines[index];
    if (extra)
      throw new YamlProblem(
        'this line is indented less than the block it follows, or is not part of any block',
        extra.contentOffset,
      );
    return { ok: true, node, end };
  } catch (error) {
    if (!(error instanceof YamlProblem)) throw error;
    return {
      ok: false,
      problem: {
        code: error.depthExceeded ? 'E_LIMIT_DEPTH' : 'E_PARSE',
        message: error.message,
        ...at(error.offset),
      },
    };
  }

  function skipBlank(): void {
    while (index < lines.length && (lines[index] as SourceLine).content === '') index += 1;
  }

  function readBlock(indent: number, depth: number): DocumentNode {
    if (depth > maxDocumentDepth) {
      throw new YamlProblem(
        `the document nests deeper than ${maxDocumentDepth} levels`,
        (lines[index] as SourceLine).contentOffset,
        true,
      );
    }
    const line = lines[index] as SourceLine;
    if (line.content === '-' || line.content.startsWith('- ')) return readSequence(indent, depth);
    if (findKeyEnd(line.content) !== -1) return readMapping(indent, depth);
    index += 1;
    return readScalar(line.content, line.contentOffset, depth);
  }

  function readSequence(indent: number, depth: number): DocumentNode {
    const first = lines[index] as SourceLine;
    const items: DocumentNode[] = [];
    for (;;) {
      skipBlank();
      const line = lines[index];
      if (!line || line.indent !== indent || !(line.content === '-' || line.content.startsWith('- '))) break;
      const rest = line.content.slice(1).trimStart();
      if (rest === '') {
        index += 1;
        items.push(readNested(indent, depth, line));
        continue;
      }
      // The item's content starts a block of its own at its column: `- id: a` then `  code: 2`.
      const shift = line.content.length - rest.length;
      line.indent += shift;
      line.content = rest;
      line.contentOffset += shift;
      items.push(readBlock(line.indent, depth + 1));
    }
    return { kind: 'list', items, ...at(first.contentOffset) };
  }

  function readMapping(indent: number, depth: number): DocumentNode {
    const first = lines[index] as SourceLine;
    const entries: Array<{ key: string; value: DocumentNode }> = [];
    const seen = new Set<string>();
    for (;;) {
      skipBlank();
      const line = lines[index];
      if (!line || line.indent !== indent) break;
      const keyEnd = findKeyEnd(line.content);
      if (keyEnd === -1)
        throw new YamlProblem(
          `expected "key: value" but found ${JSON.stringify(line.content)}`,
          line.contentOffset,
        );
      const key = readKey(line.content.slice(0, keyEnd), line.contentOffset);
      if (seen.has(key))
        throw new YamlProblem(
          `the key ${JSON.stringify(key)} appears twice in this mapping`,
          line.contentOffset,
        );
      seen.add(key);
      const rest = line.content.slice(keyEnd + 1).trimStart();
      const restOffset = line.contentOffset + line.content.length - rest.length;
      index += 1;
      let value: DocumentNode;
      if (rest === '') value = readNested(indent, depth, line, true);
      else if (/^[|>][+-]?$/.test(rest)) value = readBlockScalar(indent, rest, restOffset);
      else value = readScalar(rest, restOffset, depth);
      entries.push({ key, value });
    }
    return { kind: 'map', entries, ...at(first.contentOffset) };
  }

  function readNested(
    indent: number,
    depth: number,
    owner: SourceLine,
    allowSameIndentList = false,
  ): DocumentNode {
    skipBlank();
    const next = lines[index];
    const sameIndentList =
      allowSameIndentList &&
      next?.indent === indent &&
      (next.content === '-' || next.content.startsWith('- '));
    if (next && (next.indent > indent || sameIndentList)) return readBlock(next.indent, depth + 1);
    return { kind: 'scalar', value: null, ...at(owner.contentOffset) };
  }

  function readBlockScalar(indent: number, header: string, headerOffset: number): DocumentNode {
    const body: string[] = [];
    let contentIndent = -1;
    while (index < lines.length) {
      const line = lines[index] as SourceLine;
      const raw = line.raw;
      const blank = raw.trim() === '';
      if (!blank) {
        const spaces = raw.length - raw.trimStart().length;
        if (spaces <= indent) break;
        if (contentIndent === -1) contentIndent = spaces;
        if (spaces < contentIndent)
          throw new YamlProblem(
            'this line is indented less than the block scalar it belongs to',
            line.offset,
          );
      }
      body.push(blank ? '' : raw.slice(contentIndent));
      index += 1;
    }
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    let value = header.startsWith('|') ? body.join('\n') : foldLines(body);
    if (!header.endsWith('-') && value !== '') value += '\n';
    return { kind: 'scalar', value, ...at(headerOffset) };
  }

  function readKey(raw: string, offset: number): string {
    const key = raw.trim();
    if (key.startsWith('"') || key.startsWith("'")) {
      const node = readScalar(key, offset, 0);
      return String(node.kind === 'scalar' ? node.value : key);
    }
    if (/^[?&*!|>%@`]/.test(key))
      throw new YamlProblem(`lmg's YAML subset has no "${key.charAt(0)}" keys`, offset);
    return key;
  }

  function readScalar(raw: string, offset: number, depth: number): DocumentNode {
    const position = at(offset);
    if (raw.startsWith('[') || raw.startsWith('{')) {
      const flow = readJsonDocument(text, offset, depth + 1, at);
      if (!flow.ok) {
        throw new YamlProblem(
          `flow collections must be written as JSON in lmg documents: ${flow.problem.message}`,
          offset,
          flow.problem.code === 'E_LIMIT_DEPTH',
        );
      }
      if (text.slice(flow.end, offset + raw.length).trim() !== '')
        throw new YamlProblem('unexpected text after the flow collection', flow.end);
      return flow.node;
    }
    if (raw.startsWith('"')) {
      if (closingQuote(raw) !== raw.length - 1) {
        throw new YamlProblem('this double-quoted string is not closed on its line', offset);
      }
      try {
        return { kind: 'scalar', value: JSON.parse(raw) as string, ...position };
      } catch {
        throw new YamlProblem('this double-quoted string has an invalid escape', offset);
      }
    }
    if (raw.startsWith("'")) {
      if (raw.length < 2 || !raw.endsWith("'"))
        throw new YamlProblem('this single-quoted string is not closed on its line', offset);
      return { kind: 'scalar', value: raw.slice(1, -1).replaceAll("''", "'"), ...position };
    }
    if (/^[&*!%@`]/.test(raw)) {
      const feature = {
        '&': 'anchors',
        '*': 'aliases',
        '!': 'tags',
        '%': 'directives',
        '@': 'reserved "@"',
        '`': 'reserved "`"',
      }[raw.charAt(0)];
      throw new YamlProblem(`lmg's YAML subset has no ${feature}`, offset);
    }
    const value = resolvePlain(raw);
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new YamlProblem(`number out of range: ${raw.slice(0, 40)} (numbers are finite)`, offset);
    return { kind: 'scalar', value, ...position };
  }
}

/** The index of the quote closing a double-quoted string that starts at 0, or -1. */
function closingQuote(text: string): number {
  for (let index = 1; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '\\') index += 1;
    else if (char === '"') return index;
  }
  return -1;
}

function toSourceLine(raw: string, offset: number, number: number): SourceLine {
  const indent = raw.length - raw.replace(/^ */, '').length;
  if (raw.charAt(indent) === '\t') {
    throw new YamlProblem('indent with spaces: YAML does not allow tabs in indentation', offset + indent);
  }
  const content = stripComment(raw.slice(indent)).trimEnd();
  return { offset, number, raw, indent, content, contentOffset: offset + indent };
}

/** Removes a `#` comment that is outside quotes and starts the line or follows a space. */
function stripComment(text: string): string {
  let quote = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quote) {
      if (char === '\\' && quote === '"') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '#' && (index === 0 || text.charAt(index - 1) === ' ')) {
      return text.slice(0, index);
    } else if ((char === '"' || char === "'") && (index === 0 || ' :-[{,'.includes(text.charAt(index - 1)))) {
      quote = char;
    }
  }
  return text;
}

/** The index of the `:` that ends a mapping key (followed by a space or the line's end), or -1. */
function findKeyEnd(content: string): number {
  if (content.startsWith('"') || content.startsWith("'")) {
    const quote = content.charAt(0);
    let close = 1;
    while (close < content.length && content.charAt(close) !== quote)
      close += content.charAt(close) === '\\' && quote === '"' ? 2 : 1;
    return content.charAt(close + 1) === ':' &&
      (close + 2 === content.length || content.charAt(close + 2) === ' ')
      ? close + 1
      : -1;
  }
  if (content.startsWith('[') || content.startsWith('{')) return -1;
  for (let index = content.indexOf(':'); index !== -1; index = content.indexOf(':', index + 1)) {
    if (index + 1 === content.length || content.charAt(index + 1) === ' ') return index;
  }
  return -1;
}

function foldLines(lines: string[]): string {
  let result = '';
  for (const [position, line] of lines.entries()) {
    if (position === 0) result = line;
    else if (line === '' || lines[position - 1] === '') result += `\n${line}`;
    else result += ` ${line}`;
  }
  return result;
}

/** YAML 1.2 core schema resolution of a plain scalar. */
function resolvePlain(raw: string): string | number | boolean | null {
  if (/^(null|Null|NULL|~)?$/.test(raw)) return null;
  if (/^(true|True|TRUE)$/.test(raw)) return true;
  if (/^(false|False|FALSE)$/.test(raw)) return false;
  if (/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(raw)) return Number(raw);
  if (/^0x[0-9a-fA-F]+$/.test(raw)) return Number.parseInt(raw.slice(2), 16);
  return raw;
}
