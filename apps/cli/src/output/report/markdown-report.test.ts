import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';
import { MAX_MARKDOWN_REPORT_CHARS, toMarkdownReport } from './markdown-report.js';
import type { Report, ReportFinding } from './report.js';

const dir = mkdtempSync(join(tmpdir(), 'svc-markdown-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An API of `count` operations, each answering a pet with a few properties. */
function createApi(count: number, change: (index: number, path: Record<string, unknown>) => void) {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < count; index++) {
    const item: Record<string, unknown> = {
      get: {
        operationId: `getPet${index}`,
        summary: `Get pet ${index}`,
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { id: { type: 'string' }, name: { type: 'string' }, tag: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    };
    change(index, item);
    paths[`/pets${index}/{petId}`] = item;
  }
  return { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths };
}

/** The rows of the findings table (four or five cells; the by-rule table's rows have three). */
function readFindingRows(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => /^\| [🔴🟡🔵] \|/u.test(line) && line.split(' | ').length >= 4);
}

describe('the markdown report, bounded for a pull-request comment', () => {
  it('keeps a large diff under 60,000 characters: breaking changes first, counts per rule, an "N more" line', async () => {
    // 1,500 operations: 300 removed (breaking), every other one loses a response property
    // (breaking) and gains an optional query parameter (safe): about 2,000 changes.
    const old = createApi(1500, () => {});
    const next = createApi(1500, (index, item) => {
      const get = item.get as {
        summary: string;
        parameters: unknown[];
        responses: Record<
          string,
          { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
        >;
      };
      if (index % 5 === 0) delete item.get;
      else if (index % 2 === 0) {
        delete get.responses['200']?.content['application/json']?.schema.properties.tag;
        get.parameters.push({ name: 'expand', in: 'query', schema: { type: 'boolean' } });
      } else get.summary = `Read pet ${index}`;
    });
    writeFileSync(join(dir, 'old.json'), JSON.stringify(old));
    writeFileSync(join(dir, 'new.json'), JSON.stringify(next));

    const json = await runInProcess(['spec', 'diff', 'old.json', 'new.json', '--json'], { cwd: dir });
    const total = (JSON.parse(json.stdout) as { changes: unknown[] }).changes.length;
    expect(total).toBeGreaterThan(2000);

    const run = await runInProcess(['spec', 'diff', 'old.json', 'new.json', '--format', 'markdown'], {
      cwd: dir,
    });
    expect(run.code).toBe(0);
    const markdown = run.stdout;
    expect(markdown.length).toBeLessThanOrEqual(MAX_MARKDOWN_REPORT_CHARS);
    expect(markdown).toMatch(/^### ✅ `svc spec diff`: \d+ breaking changes/);
    expect(markdown).toContain('| 🔴 | `operation-removed` | 300 |');

    const rows = readFindingRows(markdown);
    const firstSafe = rows.findIndex((row) => row.startsWith('| 🔵'));
    expect(
      rows.slice(0, firstSafe === -1 ? rows.length : firstSafe).every((row) => row.startsWith('| 🔴')),
    ).toBe(true);
    expect(
      rows.slice(firstSafe === -1 ? rows.length : firstSafe).every((row) => !row.startsWith('| 🔴')),
    ).toBe(true);

    const more = /\*\*… (\d+) more findings not shown\*\* \(([^)]*)\)/.exec(markdown);
    expect(more, 'the report says how many findings it left out').not.toBeNull();
    expect(rows.length + Number(more?.[1])).toBe(total);
    expect(markdown.trimEnd().split('\n').at(-1)).toMatch(/^\*\*… \d+ more findings not shown\*\*/);
  });

  it('cuts over-long messages and names at most five inputs, and prints a small report whole', () => {
    const finding = (index: number, level: ReportFinding['level']): ReportFinding => ({
      check: 'api.yaml',
      file: 'api.yaml',
      line: index + 1,
      level,
      rule: level === 'error' ? 'SPEC_REF_DANGLING' : 'SPEC_STYLE_NO_SERVERS',
      message: `${'x'.repeat(2000)} ${index}`,
      pointer: `/paths/${index}`,
    });
    const inputs = Array.from({ length: 12 }, (_, index) => `spec-${index}.yaml`);
    const report: Report = {
      command: 'svc spec validate',
      inputs,
      checks: inputs,
      findings: Array.from({ length: 400 }, (_, index) =>
        finding(index, index % 3 === 0 ? 'error' : 'warning'),
      ),
      summary: '12 files: 5 invalid',
      passed: false,
    };
    const markdown = toMarkdownReport(report);
    expect(markdown.length).toBeLessThanOrEqual(MAX_MARKDOWN_REPORT_CHARS);
    expect(markdown).toContain('`spec-4.yaml` → 7 more files');
    expect(markdown).toMatch(/x{500}… \|/);
    expect(markdown).toContain('| 🔴 | `SPEC_REF_DANGLING` | 134 |');
    expect(markdown).toMatch(/\*\*… \d+ more findings not shown\*\* \(\d+ errors, \d+ warnings\)/);

    const small = toMarkdownReport({
      ...report,
      inputs: ['api.yaml'],
      findings: report.findings.slice(0, 3),
    });
    expect(small).not.toContain('more findings not shown');
    expect(small).not.toContain('| Findings |');
    expect(readFindingRows(small)).toHaveLength(3);
  });
});
