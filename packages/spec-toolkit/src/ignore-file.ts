import { dump, load } from 'js-yaml';
import { isPlainObject } from './internal/json-pointer.js';

/** A finding as an ignore file keys it: the file it is in, its rule and its JSON pointer. */
export interface IgnoreKey {
  file: string;
  rule: string;
  pointer: string;
}

/** The default name of the ignore file, in the working directory. */
export const IGNORE_FILE_NAME = '.svc-lint-ignore.yaml';

const HEADER = `# Findings of \`svc spec validate\` accepted as they are: a run reports only findings not listed
# here (file, then rule id, then JSON pointer). Written by \`svc spec validate --generate-ignore-file\`;
# delete an entry once it is fixed, or the whole file to see everything again.
`;

/**
 * The text of an ignore file listing `findings`, grouped by file and rule, sorted, each pointer
 * once, so a regenerated file diffs cleanly.
 *
 * @example
 * toIgnoreFileText([{ file: 'openapi.yaml', rule: 'SPEC_PATH_AMBIGUOUS', pointer: '/paths/~1a~1{x}' }]);
 * // "# Findings …\nopenapi.yaml:\n  SPEC_PATH_AMBIGUOUS:\n    - '#/paths/~1a~1{x}'\n"
 */
export function toIgnoreFileText(findings: readonly IgnoreKey[]): string {
  const files = new Map<string, Map<string, Set<string>>>();
  for (const { file, rule, pointer } of findings) {
    let rules = files.get(file);
    if (rules === undefined) {
      rules = new Map();
      files.set(file, rules);
    }
    let pointers = rules.get(rule);
    if (pointers === undefined) {
      pointers = new Set();
      rules.set(rule, pointers);
    }
    pointers.add(`#${pointer}`);
  }
  const tree: Record<string, Record<string, string[]>> = {};
  for (const file of [...files.keys()].sort()) {
    const rules = files.get(file) as Map<string, Set<string>>;
    tree[file] = {};
    for (const rule of [...rules.keys()].sort()) {
      (tree[file] as Record<string, string[]>)[rule] = [...(rules.get(rule) as Set<string>)].sort();
    }
  }
  return (
    HEADER + (files.size === 0 ? '{}\n' : dump(tree, { lineWidth: -1, quotingType: "'", forceQuotes: true }))
  );
}

/** A parsed ignore file: which findings it covers, and how many entries it has. */
export interface IgnoreList {
  ignores(finding: IgnoreKey): boolean;
  size: number;
}

/**
 * Reads an ignore file written by {@link toIgnoreFileText} (or by hand, in the same shape).
 * Returns a message instead when the text is not such a file.
 *
 * @example
 * const list = parseIgnoreFile(text);
 * if (typeof list !== 'string') findings.filter((finding) => !list.ignores(finding));
 */
export function parseIgnoreFile(text: string): IgnoreList | string {
  let parsed: unknown;
  try {
    parsed = load(text);
  } catch (error) {
    return `not valid YAML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  if (parsed === undefined || parsed === null) return { ignores: () => false, size: 0 };
  if (!isPlainObject(parsed)) return 'expected a map of file names to rule ids to lists of JSON pointers';
  const keys = new Set<string>();
  for (const [file, rules] of Object.entries(parsed)) {
    if (!isPlainObject(rules)) return `"${file}" must map rule ids to lists of JSON pointers`;
    for (const [rule, pointers] of Object.entries(rules)) {
      if (!Array.isArray(pointers) || pointers.some((pointer) => typeof pointer !== 'string'))
        return `"${file}" → "${rule}" must be a list of JSON pointers ('#/paths/…')`;
      for (const pointer of pointers as string[]) {
        keys.add(keyOf(file, rule, pointer.startsWith('#') ? pointer.slice(1) : pointer));
      }
    }
  }
  return {
    ignores: (finding) => keys.has(keyOf(finding.file, finding.rule, finding.pointer)),
    size: keys.size,
  };
}

const keyOf = (file: string, rule: string, pointer: string): string => `${file}\u0000${rule}\u0000${pointer}`;
