import * as jsYaml from 'js-yaml';
import { CORE_SCHEMA, load as loadYaml, YAMLException } from 'js-yaml';
import type { Diagnostic } from '../types.js';
import { hasDuplicateKeys } from './json-key-count.js';
import { isPlainObject } from './json-pointer.js';
import { scanJson } from './json-scanner.js';
import { findJsonSyntaxError } from './json-syntax.js';
import { forgetTargets } from './spec-model.js';
import { createPositionFinder, type TextPosition } from './text-position.js';
import { locateInYaml } from './yaml-locator.js';

/** The YAML 1.2 core schema plus merge keys (`<<`); no timestamps, so results stay JSON. */
// `types` is exported by js-yaml 4 but missing from @types/js-yaml.
const { merge } = (jsYaml as typeof jsYaml & { types: { merge: jsYaml.Type } }).types;
const YAML_SCHEMA = CORE_SCHEMA.extend({ implicit: [merge] });

/** A spec input turned into a document, with what parsing found and a way back to the text. */
export interface LoadedSpec {
  /** The parsed document; `undefined` when the input could not be parsed at all. */
  doc: unknown;
  format: 'object' | 'json' | 'yaml';
  /** Problems found while reading the input (errors). */
  diagnostics: Diagnostic[];
  /**
   * Adds `line` and `column` to diagnostics whose place can be found in the input text; for a
   * multi-file spec also moves each into the file it is in (`file`, and `path` in that file).
   */
  addPositions(diagnostics: Diagnostic[]): void;
  /** Multi-file specs: true for a `$ref` (bundled pointer) already reported as not followed. */
  isFailedRef?(pointer: string): boolean;
  /** Multi-file specs: the file and pointer in it of a bundled pointer. */
  locate?(pointer: string): { file: string; pointer: string };
  /** Multi-file specs: the file names, entry first, the order findings are sorted in. */
  fileOrder?: string[];
  /**
   * JSON text loaded with `deferDuplicateKeys`: appends the duplicate-key errors to
   * `diagnostics`. `parsedKeys`, the parsed document's key count when a walk already made it,
   * saves walking the tree again. Call at most once.
   */
  findDuplicateKeys?(parsedKeys?: number): void;
}

/** Options of {@link loadSpec}. */
export interface LoadSpecOptions {
  /** JSON text: leave the duplicate-key check to `findDuplicateKeys`, for a caller that counts the keys anyway. */
  deferDuplicateKeys?: boolean;
}

const noPositions = (): void => {};

/** Below this many nodes any YAML is accepted; above it, at most one node per input character. */
const MIN_NODE_BUDGET = 200_000;

/**
 * True when the document, with YAML aliases expanded as every tool walks it, has more nodes
 * than `budget`. Real specs have far fewer nodes than characters; an alias bomb has far more.
 * Iterative and stopping at the budget, so the check itself is bounded.
 */
function exceedsNodeBudget(doc: unknown, budget: number): boolean {
  const stack: unknown[] = [doc];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > budget) return true;
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isPlainObject(node)) for (const key in node) stack.push(node[key]);
  }
  return false;
}

/**
 * Reads a spec from an object, a JSON string or a YAML string (also bytes, as UTF-8).
 * Never throws: unreadable input yields `doc: undefined` and a `SPEC_PARSE_ERROR`. A tool's
 * `spec` argument may also be a `resolveSpec` result: read that with `loadSpecInput`.
 */
export function loadSpec(input: unknown, options: LoadSpecOptions = {}): LoadedSpec {
  if (input instanceof Uint8Array) input = new TextDecoder().decode(input);
  if (typeof input !== 'string') {
    if (input === undefined || input === null) {
      return failed(
        'object',
        'SPEC_INPUT_MISSING',
        'No spec was given: pass an object, or JSON or YAML text.',
      );
    }
    forgetTargets(input);
    return { doc: input, format: 'object', diagnostics: [], addPositions: noPositions };
  }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.trim() === '') return failed('json', 'SPEC_INPUT_EMPTY', 'The spec text is empty.');
  const first = text.trimStart()[0];
  return first === '{' || first === '['
    ? loadJson(text, options.deferDuplicateKeys === true)
    : loadYamlText(text);
}

function failed(format: LoadedSpec['format'], code: string, message: string, at?: TextPosition): LoadedSpec {
  const diagnostic: Diagnostic = { code, message, path: '' };
  if (at) Object.assign(diagnostic, at);
  return { doc: undefined, format, diagnostics: [diagnostic], addPositions: noPositions };
}

function loadJson(text: string, deferDuplicateKeys: boolean): LoadedSpec {
  const findPosition = createPositionFinder(text);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    const syntax = findJsonSyntaxError(text);
    return failed(
      'json',
      'SPEC_PARSE_ERROR',
      `Invalid JSON: ${syntax.message}.`,
      findPosition(syntax.offset),
    );
  }
  const diagnostics: Diagnostic[] = [];
  const findDuplicateKeys = (parsedKeys?: number): void => {
    try {
      const duplicates = hasDuplicateKeys(text, doc, parsedKeys) ? scanJson(text, [], true).duplicates : [];
      for (const repeat of duplicates) {
        diagnostics.push({
          code: 'SPEC_DUPLICATE_KEY',
          message: `Duplicate key "${repeat.key}": JSON parsers keep only the last one.`,
          path: repeat.pointer,
          ...findPosition(repeat.offset),
        });
      }
    } catch {
      // Nesting too deep for a recursive scan: the document is still usable without this check.
    }
  };
  if (!deferDuplicateKeys) findDuplicateKeys();
  return {
    doc,
    format: 'json',
    diagnostics,
    addPositions: createPositionAdder(findPosition, (pointers) => {
      try {
        const offsets = scanJson(text, pointers, false).offsets;
        return (pointer) => offsets.get(pointer) ?? nearestAncestorOffset(offsets, pointer, text);
      } catch {
        return () => undefined; // nesting too deep to scan: no positions, still no crash
      }
    }),
    ...(deferDuplicateKeys ? { findDuplicateKeys } : {}),
  };
}

/** Builds `addPositions` from a way to find where a batch of pointers sits in the text. */
function createPositionAdder(
  findPosition: (offset: number) => TextPosition,
  locate: (pointers: string[]) => (pointer: string) => number | undefined,
): LoadedSpec['addPositions'] {
  return (list) => {
    const pending = list.filter((diagnostic) => diagnostic.line === undefined);
    if (pending.length === 0) return;
    const offsetOf = locate(pending.map((diagnostic) => diagnostic.path));
    for (const diagnostic of pending) {
      const offset = offsetOf(diagnostic.path);
      if (offset !== undefined) Object.assign(diagnostic, findPosition(offset));
    }
  };
}

/** For a pointer that is not in the text (a missing member), the offset of its nearest ancestor. */
function nearestAncestorOffset(
  offsets: Map<string, number>,
  pointer: string,
  text: string,
): number | undefined {
  let current = pointer;
  while (current !== '') {
    current = current.slice(0, current.lastIndexOf('/'));
    const found = offsets.get(current);
    if (found !== undefined) return found;
    if (current === '') break;
    const more = scanJson(text, [current], false).offsets.get(current);
    if (more !== undefined) {
      offsets.set(current, more);
      return more;
    }
  }
  return text.length - text.trimStart().length;
}

function loadYamlText(text: string): LoadedSpec {
  const findPosition = createPositionFinder(text);
  const diagnostics: Diagnostic[] = [];
  let doc: unknown;
  try {
    doc = loadYaml(text, { schema: YAML_SCHEMA });
  } catch (error) {
    if (!(error instanceof YAMLException)) throw error;
    // js-yaml leaves `mark` out for a few errors; fall back to the start of the text.
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const position = mark ? { line: mark.line + 1, column: mark.column + 1 } : { line: 1, column: 1 };
    if (!error.reason.startsWith('duplicated mapping key')) {
      return failed('yaml', 'SPEC_PARSE_ERROR', `Invalid YAML: ${error.reason}.`, position);
    }
    diagnostics.push({
      code: 'SPEC_DUPLICATE_KEY',
      message: 'Duplicate key in a YAML mapping: only the last one is kept.',
      path: '',
      ...position,
    });
    try {
      doc = loadYaml(text, { schema: YAML_SCHEMA, json: true });
    } catch (again) {
      const reason = again instanceof YAMLException ? again.reason : String(again);
      return failed('yaml', 'SPEC_PARSE_ERROR', `Invalid YAML: ${reason}.`, position);
    }
  }
  const budget = Math.max(MIN_NODE_BUDGET, text.length);
  if (exceedsNodeBudget(doc, budget)) {
    return failed(
      'yaml',
      'SPEC_ALIAS_EXPANSION',
      `YAML aliases expand this ${text.length}-character text past ${budget} nodes; refusing it as an alias bomb.`,
      { line: 1, column: 1 },
    );
  }
  return {
    doc,
    format: 'yaml',
    diagnostics,
    addPositions: createPositionAdder(findPosition, (pointers) => {
      const offsets = locateInYaml(text, pointers);
      return (pointer) => offsets.get(pointer);
    }),
  };
}
