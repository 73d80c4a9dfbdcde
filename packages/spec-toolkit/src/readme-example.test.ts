import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';

// The README's example is the first thing users copy: run it as written, against the source.
const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(packageRoot, '.readme-example-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('runs the README example and prints what its comments say', async () => {
  const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
  const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(code).toBeDefined();
  const file = join(scratch, 'example.ts');
  writeFileSync(
    file,
    (code as string).replace("'@svc/spec-toolkit'", `'${join(packageRoot, 'src', 'index.ts')}'`),
  );
  const printed: unknown[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((value: unknown) => printed.push(value));
  try {
    await import(file);
  } finally {
    spy.mockRestore();
  }
  expect(printed[0]).toBe(false);
  expect(printed[1]).toMatchObject({
    code: 'SPEC_PATH_PARAM_UNDECLARED',
    path: '/paths/~1pets~1{petId}/get',
    line: 6,
    column: 5,
  });
  expect(printed[2]).toBe(true);
  expect(printed[3]).toEqual(expect.arrayContaining(['request-parameter-type-changed']));
  expect(printed[4]).toMatch(/^curl -X GET 'http:\/\/localhost:3000\/pets\//);
});
