import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

// The @svc/gate README is what library users copy: run its example as written, against the built
// package, from a scratch directory inside this package so its imports resolve as a user's would.
const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const readmePath = fileURLToPath(new URL('../../../../packages/gate/README.md', import.meta.url));
const scratch = mkdtempSync(join(serverRoot, '.gate-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it('runs the @svc/gate README example', async () => {
  const code = /```ts\n([\s\S]*?)```/.exec(readFileSync(readmePath, 'utf8'))?.[1];
  expect(code).toBeDefined();
  const file = join(scratch, 'example.ts');
  const database = join(scratch, 'gate.db');
  writeFileSync(
    file,
    `${(code as string).replace("new SQLite('gate.db')", `new SQLite(${JSON.stringify(database)})`)}\nexport { note, user };\n`,
  );
  process.env.JWT_SECRET = 'a readme example secret that is long enough';
  process.env.SVC_APIKEY_PEPPER = 'a readme example pepper that is long enough';
  const example = (await import(file)) as {
    note: { owner: string; text: string };
    user: { email: string; id: string };
  };
  expect(example.user.email).toBe('ada@example.com');
  expect(example.note).toMatchObject({ owner: example.user.id, text: 'hello', visibility: 'private' });
}, 60_000);
