import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import AjvDraft04 from 'ajv-draft-04';
import ajvFormats from 'ajv-formats';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { MULTI_FILE_FIXTURES, runBin } from '../../testing/run-bin.js';
import { EXAMPLES_DIR } from '../../testing/run-in-process.js';

const GOLDEN = fileURLToPath(new URL('../../../test/golden/', import.meta.url));
// Both are CommonJS with `exports.default`: under NodeNext the default import is the module object.
const Ajv = AjvDraft04.default;
const addFormats = ajvFormats.default;
const SARIF_SCHEMA = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/sarif-schema-2.1.0.json', import.meta.url), 'utf8'),
);

const FORMATS = {
  text: 'txt',
  json: 'json',
  sarif: 'sarif.json',
  github: 'github.txt',
  junit: 'junit.xml',
  markdown: 'md',
};

const SCENARIOS = [
  {
    name: 'validate-split-specs',
    cwd: MULTI_FILE_FIXTURES,
    args: [
      'spec',
      'validate',
      'error-in-file/openapi.yaml',
      'missing-file/openapi.yaml',
      'yaml-nested/openapi.yaml',
      '--strict',
    ],
    code: 1,
  },
  {
    name: 'diff-petstore',
    cwd: EXAMPLES_DIR,
    args: ['spec', 'diff', 'petstore.yaml', 'petstore-v2.yaml', '--fail-on', 'error'],
    code: 1,
  },
  {
    name: 'diff-split-specs',
    cwd: MULTI_FILE_FIXTURES,
    args: ['spec', 'diff', 'breaking/v1/openapi.yaml', 'breaking/v2/openapi.yaml'],
    code: 0,
  },
];

/** The version is the one thing that changes with a release: golden files hold a placeholder. */
const normalize = (text: string) =>
  text.replaceAll(`"version": "${packageJson.version}"`, '"version": "{{version}}"');

/** Every finding the JSON format lists, which the other formats must each carry. */
function countFindings(json: Record<string, unknown>): number {
  if (Array.isArray(json.changes)) return json.changes.length;
  const files = Array.isArray(json.files) ? json.files : [json];
  return files.reduce((sum, file) => sum + file.errors.length + file.warnings.length, 0);
}

describe.each(SCENARIOS)('svc $name (the built binary)', ({ name, cwd, args, code }) => {
  const outputs = Object.fromEntries(
    Object.keys(FORMATS).map((format) => [format, runBin([...args, '--format', format], { cwd })]),
  );
  const findings = countFindings(JSON.parse(outputs.json?.stdout ?? '{}'));

  it.each(Object.entries(FORMATS))(
    'prints the golden %s output with the same exit code',
    (format, extension) => {
      const run = outputs[format] as ReturnType<typeof runBin>;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(code);
      const file = `${GOLDEN}${name}.${extension}`;
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, normalize(run.stdout));
      expect(normalize(run.stdout)).toBe(readFileSync(file, 'utf8'));
    },
  );

  it('has findings to show in every format', () => {
    expect(findings).toBeGreaterThan(0);
  });

  it('writes SARIF that the published SARIF 2.1.0 schema accepts, one result per finding', () => {
    // The published schema's one language-tag pattern is not valid with the u flag Ajv uses by default.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validateSarif = ajv.compile(SARIF_SCHEMA);
    const log = JSON.parse(outputs.sarif?.stdout ?? '');
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].results).toHaveLength(findings);
    for (const result of log.runs[0].results) {
      expect(result.locations[0].physicalLocation.artifactLocation.uri).toMatch(/\.(ya?ml|json)$/);
    }
  });

  it('writes JUnit XML that parses back with one testcase per finding', () => {
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (tag) => ['testsuite', 'testcase'].includes(tag),
    }).parse(outputs.junit?.stdout ?? '');
    const suites = parsed.testsuites.testsuite as {
      testcase: { failure?: unknown }[];
      '@_failures': string;
    }[];
    const cases = suites.flatMap((suite) => suite.testcase);
    const failures = cases.filter((testcase) => testcase.failure !== undefined).length;
    expect(Number(parsed.testsuites['@_failures'])).toBe(failures);
    expect(Number(parsed.testsuites['@_tests'])).toBe(cases.length);
    expect(cases.length).toBeGreaterThanOrEqual(findings);
  });

  it('writes one GitHub annotation per finding, each naming its file', () => {
    const lines = (outputs.github?.stdout ?? '').trimEnd().split('\n');
    const annotations = lines.filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(findings);
    for (const line of annotations)
      expect(line).toMatch(
        /^::(error|warning|notice) file=[^,:]+\.(ya?ml|json)(,line=\d+)?(,col=\d+)?,title=[^,:]+::\S/,
      );
  });

  it('writes a Markdown table with one row per finding', () => {
    const rows = (outputs.markdown?.stdout ?? '')
      .split('\n')
      .filter((line) => /^\| (🔴|🟡|🔵) \|/u.test(line));
    expect(rows).toHaveLength(findings);
  });
});
