import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { findClosestRuleId, listRuleIds } from '@svc/spec-toolkit';
import { load as loadYaml } from 'js-yaml';

/** A rule's level after configuration; `off` drops its findings. */
export type RuleLevel = 'error' | 'warn' | 'info' | 'off';

/** The `spec` section of `svc.config.json` / `.svcrc.yaml`. */
export interface SpecConfig {
  /** Rule id (`SPEC_…` code or diff change id) → level. */
  rules: Record<string, RuleLevel>;
  /** Default of `svc spec diff --fail-on`. */
  failOn?: 'error' | 'warn' | 'info';
  /** Default of `svc spec validate --max-warnings`. */
  maxWarnings?: number;
  /** Where it was read from, for messages; undefined when no file was found. */
  source?: string;
}

/** The file names looked for, in each directory from the working directory up to the root. */
export const CONFIG_FILES = ['svc.config.json', '.svcrc.yaml', '.svcrc.yml'] as const;

const LEVELS = new Set(['error', 'warn', 'info', 'off']);

/**
 * Reads the spec configuration: the `--config` file when given, else the first of
 * `svc.config.json`, `.svcrc.yaml`, `.svcrc.yml` found walking up from `cwd`. A file that cannot
 * be parsed, or that holds an unknown key or level, is an error (the message), never ignored.
 *
 * @example
 * const config = await readSpecConfig(cwd, undefined); // { rules: {} } when there is none
 */
export async function readSpecConfig(
  cwd: string,
  explicit: string | undefined,
): Promise<SpecConfig | string> {
  const path = explicit === undefined ? await findConfig(cwd) : resolve(cwd, explicit);
  if (path === undefined) return { rules: {} };
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return `cannot read config ${explicit ?? path}: ${code === 'ENOENT' ? 'no such file' : String(error)}`;
  }
  let parsed: unknown;
  try {
    parsed = path.endsWith('.json') ? JSON.parse(text) : loadYaml(text);
  } catch (error) {
    return `config ${path} is not valid ${path.endsWith('.json') ? 'JSON' : 'YAML'}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  const checked = checkConfig(parsed, path);
  return typeof checked === 'string' ? checked : { ...checked, source: path };
}

async function findConfig(cwd: string): Promise<string | undefined> {
  let dir = resolve(cwd);
  for (;;) {
    for (const name of CONFIG_FILES) {
      const candidate = join(dir, name);
      if (await isFile(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function checkConfig(parsed: unknown, path: string): SpecConfig | string {
  if (parsed === undefined || parsed === null) return { rules: {} };
  if (!isRecord(parsed)) return `config ${path}: expected an object`;
  const spec = parsed.spec;
  if (spec === undefined) return { rules: {} };
  if (!isRecord(spec)) return `config ${path}: "spec" must be an object`;
  const config: SpecConfig = { rules: {} };
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'rules') {
      if (!isRecord(value)) return `config ${path}: "spec.rules" must map rule ids to levels`;
      for (const [rule, level] of Object.entries(value)) {
        if (typeof level !== 'string' || !LEVELS.has(level))
          return `config ${path}: spec.rules.${rule} must be one of error, warn, info, off`;
        // A misspelt id would silently configure nothing.
        if (!knownRuleIds().has(rule))
          return `config ${path}: unknown rule "${rule}" in spec.rules; the nearest rule id is "${findClosestRuleId(rule)}" (see docs/spec-toolkit/rules.md)`;
        config.rules[rule] = level as RuleLevel;
      }
    } else if (key === 'failOn') {
      if (value !== 'error' && value !== 'warn' && value !== 'info')
        return `config ${path}: spec.failOn must be one of error, warn, info`;
      config.failOn = value;
    } else if (key === 'maxWarnings') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        return `config ${path}: spec.maxWarnings must be a whole number ≥ 0`;
      config.maxWarnings = value;
    } else {
      return `config ${path}: unknown key "spec.${key}" (known: rules, failOn, maxWarnings)`;
    }
  }
  return config;
}

let known: Set<string> | undefined;
function knownRuleIds(): Set<string> {
  known ??= new Set(listRuleIds());
  return known;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
