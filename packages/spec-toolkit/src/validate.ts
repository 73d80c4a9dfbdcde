import { appendAll } from './internal/append-all.js';
import { checkDocument } from './internal/checks/document-checks.js';
import type { Cover, Finding } from './internal/checks/finding.js';
import { checkOperations } from './internal/checks/operation-checks.js';
import { countOperationsIfClean } from './internal/checks/operation-fast-check.js';
import { checkRefs, createCleanRefTest } from './internal/checks/ref-checks.js';
import { createRefScanFold } from './internal/checks/ref-scan-fold.js';
import { checkStyle } from './internal/checks/style-checks.js';
import { checkTagParents } from './internal/checks/tag-checks.js';
import { isPlainObject } from './internal/json-pointer.js';
import { addPositionsOnFirstRead, sortByDocumentOrder } from './internal/lazy-positions.js';
import { loadSpecInput } from './internal/resolve/resolved-registry.js';
import { checkRules } from './internal/rules/check-rules.js';
import { listOperations, readVersion } from './internal/spec-model.js';
import { checkStructure } from './internal/structure-check.js';
import type { Diagnostic, SpecInput, SpecVersion } from './types.js';

/** Options of {@link validate}. */
export interface ValidateOptions {
  /** Adds style warnings (missing operationId, summary, description, undeclared tags, unused components, no 4xx, no servers …). */
  strict?: boolean;
}

/** Arguments of {@link validate}. */
export interface ValidateArgs {
  /** The spec: an object, or JSON or YAML text. */
  spec: SpecInput;
  options?: ValidateOptions;
}

/** Sizes of what was validated and found. */
export interface ValidateCounts {
  errors: number;
  warnings: number;
  paths: number;
  operations: number;
}

/** The result of {@link validate}: plain JSON. */
export interface ValidateResult {
  /** True when there are no errors (warnings never affect validity). */
  valid: boolean;
  /** The version family the document declares, when supported. */
  version: SpecVersion | null;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  counts: ValidateCounts;
}

/**
 * Validates a Swagger 2.0 or OpenAPI 3.0 / 3.1 / 3.2 document: structure against the official
 * OpenAPI JSON Schemas, plus the rules a schema cannot express (references, operationIds,
 * path templates, parameters, responses). Reports every problem with a JSON pointer, and a
 * line and column when the input was text. Offline; never throws.
 *
 * @example
 * const result = validate({ spec: 'openapi: 3.0.3\ninfo: { title: Pets }\npaths: {}\n' });
 * result.valid; // false
 * result.errors[0]; // { code: 'SPEC_INFO_VERSION_MISSING', path: '/info', line: 2, column: 1, … }
 */
export function validate(args: ValidateArgs): ValidateResult {
  // The reference walk counts the document's keys, so the duplicate-key check need not.
  const loaded = loadSpecInput(isPlainObject(args) ? args.spec : undefined, { deferDuplicateKeys: true });
  const strict = isPlainObject(args) && isPlainObject(args.options) && args.options.strict === true;
  const doc = loaded.doc;
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  let version: SpecVersion | null = null;
  let paths = 0;
  let operations = 0;
  if (doc !== undefined && !isPlainObject(doc)) {
    loaded.findDuplicateKeys?.();
    errors.push({
      code: 'SPEC_NOT_AN_OBJECT',
      message: `A spec must be an object, not ${Array.isArray(doc) ? 'an array' : typeof doc}.`,
      path: '',
    });
  } else if (isPlainObject(doc)) {
    const declared = readVersion(doc);
    version = declared.version;
    const checked = runChecksWithinStack(doc, version, strict, loaded.findDuplicateKeys !== undefined);
    loaded.findDuplicateKeys?.(checked.keys);
    for (const finding of checked.findings) {
      // A reference the resolver failed to follow already carries its error.
      if (finding.code.startsWith('SPEC_REF_') && loaded.isFailedRef?.(finding.path) === true) continue;
      (finding.severity === 'error' ? errors : warnings).push(toDiagnostic(finding));
    }
    paths = countPaths(doc.paths);
    operations = checked.operations ?? listOperations(doc).length;
  } else {
    loaded.findDuplicateKeys?.();
  }
  // Reading problems first, as found (a spread into `unshift` could overflow the stack).
  const allErrors = loaded.diagnostics.concat(errors);
  let sortedErrors: Diagnostic[];
  let sortedWarnings: Diagnostic[];
  if (
    loaded.format === 'json' &&
    doc !== undefined &&
    loaded.fileOrder === undefined &&
    loaded.locate === undefined
  ) {
    // One JSON text (not a resolved multi-file spec, whose findings move into their files):
    // ordered by pointer, located only when a line or column is first read.
    sortedErrors = dedupe(sortByDocumentOrder(allErrors, doc));
    sortedWarnings = dedupe(sortByDocumentOrder(warnings, doc));
    addPositionsOnFirstRead(sortedErrors.concat(sortedWarnings), (pending) => loaded.addPositions(pending));
  } else {
    loaded.addPositions(allErrors);
    loaded.addPositions(warnings);
    sortedErrors = sortDiagnostics(allErrors, loaded.fileOrder);
    sortedWarnings = sortDiagnostics(warnings, loaded.fileOrder);
  }
  return {
    valid: sortedErrors.length === 0,
    version,
    errors: sortedErrors,
    warnings: sortedWarnings,
    counts: { errors: sortedErrors.length, warnings: sortedWarnings.length, paths, operations },
  };
}

/** The entries of `paths`, extensions (`x-*`) left out. */
function countPaths(paths: unknown): number {
  if (!isPlainObject(paths)) return 0;
  let count = 0;
  for (const key in paths) if (!key.startsWith('x-')) count++;
  return count;
}

/** What the checks found, and the document's key count when asked for (undefined if unknown). */
interface Checked {
  findings: Finding[];
  keys: number | undefined;
  /** How many operations `listOperations` found (undefined when the checks did not finish). */
  operations?: number;
}

/**
 * The checks recurse along the document's nesting; a document nested thousands of levels deep
 * (never a real spec) would exhaust the stack, so it is reported instead of crashing.
 */
function runChecksWithinStack(
  doc: Record<string, unknown>,
  version: SpecVersion | null,
  strict: boolean,
  countKeys: boolean,
): Checked {
  try {
    return runChecks(doc, version, strict, countKeys);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const tooDeep: Finding = {
      code: 'SPEC_TOO_DEEP',
      message: 'The document is nested too deeply to check; no real spec nests this far.',
      path: '',
      severity: 'error',
    };
    return { findings: [tooDeep], keys: undefined };
  }
}

function runChecks(
  doc: Record<string, unknown>,
  version: SpecVersion | null,
  strict: boolean,
  countKeys: boolean,
): Checked {
  // Parsed JSON (`countKeys`) takes the pointer-free pass first; the reporting checks run when
  // it sees something to report.
  const fast = countKeys ? countOperationsIfClean(doc, version) : -1;
  const operations = fast === -1 ? checkOperations(doc, version) : { findings: [], operations: fast };
  const semantic: Finding[] = [...checkDocument(doc, readVersion(doc)), ...operations.findings];
  if (version === '3.2') appendAll(semantic, checkTagParents(doc));
  // Parsed JSON without targets to gather: the rule walk's schema visitor does the reference
  // scan's work on the schemas section (one walk there, not two); the scan skips it.
  const fold =
    countKeys && !strict && version !== null
      ? createRefScanFold(doc, version, createCleanRefTest(doc, version))
      : undefined;
  // The rules run first (the scan needs the fold's result); their findings still follow the references'.
  const rules = version === null ? [] : checkRules(doc, version, strict, fold);
  const refs = checkRefs(doc, version, { countKeys, collectTargets: strict, fold });
  appendAll(semantic, refs.findings);
  appendAll(semantic, rules);
  const covers = semantic.flatMap((finding) => finding.covers ?? []);
  const structural =
    version === null ? [] : checkStructure(doc, version).filter((error) => !isCovered(error, covers));
  const style = strict && version !== null ? checkStyle(doc, version, refs.targets) : [];
  return {
    findings: [...semantic, ...structural, ...style],
    keys: countKeys ? refs.keys : undefined,
    operations: operations.operations,
  };
}

function isCovered(error: Finding & { keyword?: string; property?: string }, covers: Cover[]): boolean {
  return covers.some(
    (cover) =>
      (cover.path === error.path ||
        (cover.property !== undefined && `${cover.path}/${cover.property}` === error.path)) &&
      (cover.property === undefined ||
        cover.property === error.property ||
        `${cover.path}/${cover.property}` === error.path) &&
      (cover.keyword === undefined || cover.keyword === error.keyword),
  );
}

function toDiagnostic(finding: Finding): Diagnostic {
  const diagnostic: Diagnostic = { code: finding.code, message: finding.message, path: finding.path };
  if (finding.file !== undefined) diagnostic.file = finding.file;
  if (finding.line !== undefined) diagnostic.line = finding.line;
  if (finding.column !== undefined) diagnostic.column = finding.column;
  return diagnostic;
}

/** The list without repeats (same file, code, pointer and message), first kept. */
function dedupe(list: Diagnostic[]): Diagnostic[] {
  // Repeats share a pointer: diagnostics are grouped by it (a string they already hold), not
  // keyed by a string joined for each of them.
  const byPath = new Map<string, Diagnostic | Diagnostic[]>();
  const unique: Diagnostic[] = [];
  for (const diagnostic of list) {
    const seen = byPath.get(diagnostic.path);
    if (seen === undefined) byPath.set(diagnostic.path, diagnostic);
    else if (!Array.isArray(seen)) {
      if (isRepeat(seen, diagnostic)) continue;
      byPath.set(diagnostic.path, [seen, diagnostic]);
    } else {
      if (containsRepeat(seen, diagnostic)) continue;
      seen.push(diagnostic);
    }
    unique.push(diagnostic);
  }
  return unique;
}

function containsRepeat(group: Diagnostic[], diagnostic: Diagnostic): boolean {
  for (const earlier of group) if (isRepeat(earlier, diagnostic)) return true;
  return false;
}

function isRepeat(a: Diagnostic, b: Diagnostic): boolean {
  return a.code === b.code && a.message === b.message && (a.file ?? '') === (b.file ?? '');
}

/** File order (entry first), then document order when positions are known; duplicates removed. */
function sortDiagnostics(list: Diagnostic[], fileOrder: readonly string[] = []): Diagnostic[] {
  const rank = new Map(fileOrder.map((name, index) => [name, index]));
  const fileRank = (d: Diagnostic) => (d.file === undefined ? 0 : (rank.get(d.file) ?? fileOrder.length));
  const unique = dedupe(list);
  return unique
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort((a, b) => {
      const files = fileRank(a.diagnostic) - fileRank(b.diagnostic);
      if (files !== 0) return files;
      const lineA = a.diagnostic.line ?? Number.MAX_SAFE_INTEGER;
      const lineB = b.diagnostic.line ?? Number.MAX_SAFE_INTEGER;
      if (lineA !== lineB) return lineA - lineB;
      const columnA = a.diagnostic.column ?? 0;
      const columnB = b.diagnostic.column ?? 0;
      return columnA !== columnB ? columnA - columnB : a.index - b.index;
    })
    .map((entry) => entry.diagnostic);
}
