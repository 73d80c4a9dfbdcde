import { type DocumentNode, type DocumentProblem, readEntry, toPlainData } from './document-node.js';
import { readJsonDocument } from './json-reader.js';
import { readYamlDocument } from './yaml-reader.js';

/** Code inside the document, with the position of its first character in the script. */
export interface PlacedCode {
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/** One cell of a grid. */
export interface GridCell {
  readonly id: string;
  readonly line: number;
  readonly column: number;
  /** `expression` for a computed cell, `action:<name>` for an action cell. */
  readonly kind: string;
  /** The cell's code from `specialConfig.code` or its top-level `code`: part of the dependency graph. */
  readonly code?: PlacedCode;
  /** Code in `props.code`: executed by RUN, ignored by the dependency graph. */
  readonly propsCode?: PlacedCode;
  /** The cell's `props` as plain data. */
  readonly props: unknown;
}

/** A statement after the document: `RUN`, `GRAPH` or `CELL <id>`. */
export interface GridStatement {
  readonly verb: 'RUN' | 'GRAPH' | 'CELL';
  readonly cellId?: string;
  readonly line: number;
  readonly column: number;
}

/** A grid script read: its cells and statements, or every problem found. */
export type GridRead =
  | { ok: true; format: 'json' | 'yaml'; cells: GridCell[]; statements: GridStatement[] }
  | { ok: false; problems: DocumentProblem[] };

const statementLine = /^\s*(RUN|GRAPH|CELL)(\s.*)?$/i;
const cellIdPattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads an `lmg` script: a grid document (JSON when it starts with `{`, YAML otherwise)
 * followed by statement lines (`RUN`, `GRAPH`, `CELL <id>`, `#` comments); without
 * statements the script runs `RUN`. A cell's graph code is `specialConfig.code` or its
 * top-level `code`; `props.code` runs but stays out of the graph; `specialConfig.kind`
 * is `expression` (the default) or `action:<name>` (a capability id or MCP name: `action:dream`,
 * `action:llm.chat`).
 *
 * @example
 * const read = readGridScript('{"cells":[{"id":"a","specialConfig":{"code":"2"}}]}\nGRAPH');
 * read.ok && read.cells[0]?.code?.text; // '2'
 */
export function readGridScript(source: string): GridRead {
  const start = source.search(/\S/);
  const format = source.charAt(start) === '{' ? 'json' : 'yaml';
  const read =
    format === 'json'
      ? readJsonDocument(source)
      : readYamlDocument(
          source,
          (line) => statementLine.test(line) && !line.includes(':') && !/^\s/.test(line),
        );
  if (!read.ok) return { ok: false, problems: [read.problem] };
  const problems: DocumentProblem[] = [];
  const sourceLines = source.split('\n');
  // A quoted code string's first character is one column after its opening quote.
  const place = (node: DocumentNode, text: string): PlacedCode => {
    const quote = sourceLines[node.line - 1]?.charAt(node.column - 1);
    return { text, line: node.line, column: node.column + (quote === '"' || quote === "'" ? 1 : 0) };
  };
  const cells = readCells(read.node, problems, place);
  const statements = readStatements(source, read.end, problems);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, format, cells, statements };
}

type Placer = (node: DocumentNode, text: string) => PlacedCode;

function readCells(document: DocumentNode, problems: DocumentProblem[], place: Placer): GridCell[] {
  const list = readEntry(document, 'cells');
  if (document.kind !== 'map' || list?.kind !== 'list') {
    problems.push(problemAt(list ?? document, 'a grid document is a map with a "cells" list'));
    return [];
  }
  const cells: GridCell[] = [];
  const seen = new Set<string>();
  for (const node of list.items) {
    const id = readEntry(node, 'id');
    if (
      node.kind !== 'map' ||
      id?.kind !== 'scalar' ||
      typeof id.value !== 'string' ||
      !cellIdPattern.test(id.value)
    ) {
      problems.push(
        problemAt(
          id ?? node,
          'every cell needs an "id" that is a name (letters, digits, "_"; not starting with a digit)',
        ),
      );
      continue;
    }
    if (seen.has(id.value)) {
      problems.push(problemAt(id, `two cells have the id "${id.value}"`));
      continue;
    }
    seen.add(id.value);
    const special = readEntry(node, 'specialConfig');
    const props = readEntry(node, 'props');
    const code =
      readCode(readEntry(special, 'code'), problems, place) ??
      readCode(readEntry(node, 'code'), problems, place);
    const propsCode = readCode(readEntry(props, 'code'), problems, place);
    const kindNode = readEntry(special, 'kind');
    const kind =
      kindNode?.kind === 'scalar' && typeof kindNode.value === 'string' ? kindNode.value : 'expression';
    if (kind !== 'expression' && !/^action:[a-z][a-z0-9-]*(\.[A-Za-z][A-Za-z0-9_-]*)*$/.test(kind)) {
      problems.push(
        problemAt(
          kindNode ?? node,
          `a cell's kind is "expression" or "action:<name>", not ${JSON.stringify(kind)}`,
        ),
      );
    }
    cells.push({
      id: id.value,
      line: node.line,
      column: node.column,
      kind,
      ...(code ? { code } : {}),
      ...(propsCode ? { propsCode } : {}),
      props: props ? toPlainData(props) : null,
    });
  }
  return cells;
}

function readCode(
  node: DocumentNode | undefined,
  problems: DocumentProblem[],
  place: Placer,
): PlacedCode | undefined {
  if (!node) return undefined;
  if (node.kind === 'scalar' && typeof node.value === 'string') return place(node, node.value);
  if (node.kind === 'scalar' && typeof node.value === 'number') return place(node, String(node.value));
  problems.push(problemAt(node, 'a cell\'s "code" is a string of lmg expression code'));
  return undefined;
}

function readStatements(source: string, end: number, problems: DocumentProblem[]): GridStatement[] {
  const statements: GridStatement[] = [];
  const before = source.slice(0, end);
  let line = before.split('\n').length;
  // The rest of the document's last line (JSON) may hold a statement too.
  let column = end - (before.lastIndexOf('\n') + 1) + 1;
  for (const text of source.slice(end).split('\n')) {
    const trimmed = text.replace(/#.*$/, '').trim();
    const lead = text.length - text.trimStart().length;
    if (trimmed !== '' && trimmed !== '...') {
      const match = /^(RUN|GRAPH|CELL)(?:\s+([A-Za-z_][A-Za-z0-9_]*))?$/i.exec(trimmed);
      const verb = match?.[1]?.toUpperCase() as GridStatement['verb'] | undefined;
      const position = { line, column: column + lead };
      if (!verb || (verb === 'CELL') !== (match?.[2] !== undefined)) {
        problems.push({
          code: 'E_PARSE',
          message: `expected RUN, GRAPH or CELL <id> but found ${JSON.stringify(trimmed.slice(0, 60))}`,
          ...position,
        });
      } else {
        statements.push({ verb, ...(match?.[2] ? { cellId: match[2] } : {}), ...position });
      }
    }
    line += 1;
    column = 1;
  }
  if (statements.length === 0 && problems.length === 0) statements.push({ verb: 'RUN', line, column: 1 });
  return statements;
}

function problemAt(node: DocumentNode, message: string): DocumentProblem {
  return { code: 'E_PARSE', message, line: node.line, column: node.column };
}
