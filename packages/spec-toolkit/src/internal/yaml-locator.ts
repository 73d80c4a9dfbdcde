import { parsePointer } from './json-pointer.js';

interface YamlLine {
  indent: number;
  /** Offset of the first content character (after indentation and any `- ` markers). */
  contentOffset: number;
  /** Offset of the line start. */
  start: number;
  /** The key of a `key: value` line, unquoted; undefined when the line holds none. */
  key?: string;
  /** Offset of the key. */
  keyOffset: number;
  /** Number of `- ` sequence markers that open this line. */
  dashes: number;
  /** Indentation of the content after each dash (the column of the item's content). */
  dashIndents: number[];
}

const KEY_PATTERN =
  /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{[\]}&*!|>%@`,?][^#]*?|\?[^\s][^#]*?))\s*:(?:\s|$)/;

function readLines(text: string): YamlLine[] {
  const lines: YamlLine[] = [];
  let start = 0;
  let blockScalarIndent = -1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end).replace(/\r$/, '');
    const indent = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (blockScalarIndent >= 0) {
      if (trimmed === '' || indent > blockScalarIndent) {
        start = end + 1;
        continue;
      }
      blockScalarIndent = -1;
    }
    if (trimmed !== '' && !trimmed.startsWith('#') && trimmed !== '---' && trimmed !== '...') {
      let column = indent;
      let dashes = 0;
      const dashIndents: number[] = [];
      while (raw[column] === '-' && (raw[column + 1] === ' ' || column + 1 === raw.length)) {
        dashes++;
        column++;
        while (raw[column] === ' ') column++;
        dashIndents.push(column);
      }
      const rest = raw.slice(column);
      const match = KEY_PATTERN.exec(rest);
      const line: YamlLine = {
        indent,
        contentOffset: start + column,
        start,
        keyOffset: start + column,
        dashes,
        dashIndents,
      };
      if (match) {
        line.key =
          match[1] !== undefined
            ? safeJsonString(match[1])
            : match[2] !== undefined
              ? match[2].replace(/''/g, "'")
              : (match[3] as string).trim();
        const afterColon = rest.slice(match[0].length).trim();
        if (/^[|>][0-9+-]*\s*(#.*)?$/.test(afterColon)) blockScalarIndent = column;
      } else if (/(^|\s)[|>][0-9+-]*\s*(#.*)?$/.test(rest) && dashes > 0) {
        blockScalarIndent = indent;
      }
      lines.push(line);
    }
    start = end + 1;
  }
  return lines;
}

function safeJsonString(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}

/**
 * Finds where JSON pointers sit in block-style YAML text, by indentation. Pointers that pass
 * through flow collections, aliases or merge keys resolve to their deepest ancestor found.
 */
export function locateInYaml(text: string, pointers: Iterable<string>): Map<string, number> {
  const lines = readLines(text);
  const out = new Map<string, number>();
  for (const pointer of pointers) {
    const tokens = parsePointer(pointer);
    if (tokens === null) continue;
    out.set(pointer, locateTokens(lines, tokens));
  }
  return out;
}

/** The block of a node: a range of lines and the column its children start at. */
interface Block {
  from: number;
  to: number;
  /** Column of the node's children, or -1 when unknown (take the first line's). */
  column: number;
}

function locateTokens(lines: YamlLine[], tokens: string[]): number {
  let block: Block = { from: 0, to: lines.length, column: -1 };
  let best = lines[0]?.contentOffset ?? 0;
  for (const token of tokens) {
    const found = findChild(lines, block, token);
    if (found === null) return best;
    best = found.offset;
    block = found.block;
  }
  return best;
}

function childColumn(lines: YamlLine[], block: Block): number {
  if (block.column >= 0) return block.column;
  const first = lines[block.from];
  return first === undefined ? 0 : first.indent;
}

function findChild(lines: YamlLine[], block: Block, token: string): { offset: number; block: Block } | null {
  const column = childColumn(lines, block);
  const first = lines[block.from];
  if (first === undefined || block.from >= block.to) return null;
  // A sequence: items are lines whose dash sits at `column`.
  const firstDashColumn = first.dashes > 0 ? (block.column >= 0 ? block.column : first.indent) : -1;
  if (firstDashColumn >= 0 && /^(0|[1-9][0-9]*)$/.test(token)) {
    const wanted = Number(token);
    let index = -1;
    for (let n = block.from; n < block.to; n++) {
      const line = lines[n] as YamlLine;
      const dashColumn = n === block.from ? firstDashColumn : line.indent;
      if (
        line.dashes > 0 &&
        dashColumn === firstDashColumn &&
        (n === block.from || line.indent === firstDashColumn)
      ) {
        index++;
        if (index === wanted) {
          const end = blockEnd(lines, n + 1, block.to, firstDashColumn, false);
          // The item's content starts after the dash: a nested mapping's keys sit at that column.
          const itemColumn = line.dashIndents[0] ?? line.indent + 2;
          if (line.dashes > 1) {
            return {
              offset: line.contentOffset,
              block: { from: n, to: end, column: line.dashIndents[0] as number },
            };
          }
          return { offset: line.contentOffset, block: { from: n, to: end, column: itemColumn } };
        }
      }
    }
    return null;
  }
  for (let n = block.from; n < block.to; n++) {
    const line = lines[n] as YamlLine;
    const keyColumn = line.contentOffset - line.start;
    if (keyColumn !== column || line.key !== token) continue;
    const end = blockEnd(lines, n + 1, block.to, column, true);
    return { offset: line.keyOffset, block: { from: n + 1, to: end, column: -1 } };
  }
  return null;
}

/**
 * The first line at or after `from` that no longer belongs to a node at `column`. A key's
 * block keeps sequence items whose dash sits at the key's own column (`tags:\n- name: a`).
 */
function blockEnd(lines: YamlLine[], from: number, to: number, column: number, keepDashes: boolean): number {
  for (let n = from; n < to; n++) {
    const line = lines[n] as YamlLine;
    if (line.indent < column) return n;
    if (line.indent === column && !(keepDashes && line.dashes > 0)) return n;
  }
  return to;
}
