import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '@svc/spec-toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../../testing/run-in-process.js';

const dirs: string[] = [];
function makeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const ENDPOINTS = [
  {
    method: 'get',
    path: '/pets/:id',
    tags: ['pets'],
    responses: { 200: { id: 1, name: 'Rex' }, 404: 'No such pet' },
  },
  { method: 'post', path: '/pets', tags: ['pets'], body: { name: 'Rex' } },
];

describe('svc spec build', () => {
  it('builds a valid document from a bare array on stdin and prints it', async () => {
    const run = await runInProcess(['spec', 'build', '-'], { stdin: JSON.stringify(ENDPOINTS) });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const spec = JSON.parse(run.stdout);
    expect(Object.keys(spec.paths)).toEqual(['/pets', '/pets/{id}']);
    expect(validate({ spec }).errors).toEqual([]);
  });

  it('passes info and options from an object file and writes the document with -o', async () => {
    const dir = makeDir();
    const file = {
      endpoints: ENDPOINTS,
      info: { title: 'Pets', version: '2.0.0' },
      options: { version: '3.1.0' },
    };
    writeFileSync(join(dir, 'endpoints.json'), JSON.stringify(file));
    const run = await runInProcess(['spec', 'build', 'endpoints.json', '-o', 'openapi.json'], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('✓ wrote openapi.json (2 paths)\n');
    const spec = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    expect(spec).toMatchObject({ openapi: '3.1.0', info: { title: 'Pets', version: '2.0.0' } });
  });

  it('still builds the good endpoints, reports the bad ones on stderr and exits 1', async () => {
    const run = await runInProcess(['spec', 'build', '-'], {
      stdin: JSON.stringify([...ENDPOINTS, { method: 'fetch', path: '/x' }]),
    });
    expect(run.code).toBe(1);
    expect(Object.keys(JSON.parse(run.stdout).paths)).toHaveLength(2);
    expect(run.stderr).toMatch(/^<stdin> {2}SPEC_BUILD_BAD_METHOD {2}.* {2}at #\/endpoints\/2\/method\n$/);
  });

  it('exits 2 for a file that is not JSON', async () => {
    const run = await runInProcess(['spec', 'build', '-'], { stdin: 'endpoints: []' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('<stdin> is not valid JSON');
  });
});
