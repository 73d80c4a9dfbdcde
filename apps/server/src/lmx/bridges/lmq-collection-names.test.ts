import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, FIXTURE_ENV, logIn, type SignedInUser, signUp } from '../../testing/access-test-fixtures.js';
import { runScriptAs } from '../../testing/lmx-test-helpers.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';
import { createTestServer, type TestServer } from '../../testing/test-server.js';

// Issue 26: a misspelt `FROM` names the closest collection the caller can read that holds
// documents, and never one of another user's private collections. Real server, real database.

describe.each(testDatabaseTargets())('lmq collection suggestions on $name', (target) => {
  let server: TestServer;
  let member: SignedInUser;
  let other: SignedInUser;
  let adminCookie = '';

  async function store(user: SignedInUser, collection: string, body: Record<string, unknown>): Promise<void> {
    const response = await server.app.inject({
      method: 'POST',
      url: `/db/${collection}`,
      headers: { cookie: user.cookie },
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`store failed: ${response.statusCode} ${response.body}`);
  }

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    const tag = `${Date.now()}-${target.name}`;
    member = await signUp(server.app, `names-member-${tag}@example.com`);
    other = await signUp(server.app, `names-other-${tag}@example.com`);
    adminCookie = await logIn(server.app, ADMIN.email, ADMIN.password);
    await store(member, 'notes', { title: 'mine' });
    await store(other, 'diaries', { text: 'private' });
    await store(other, 'recipes', { name: 'soup', visibility: 'public' });
  });
  afterAll(async () => server?.close());

  const run = (cookie: string, source: string) => runScriptAs(server.app, cookie, { mode: 'lmq', source });

  it('ends FROM notse with an error naming "notes" at the FROM', async () => {
    const answer = await run(member.cookie, 'FROM notes SELECT count()\nFROM notse SELECT count()');
    expect(answer.body).toMatchObject({
      ok: false,
      output: ['1'],
      error: {
        code: 'E_RUNTIME',
        message: 'no collection "notse" has rows you can read; did you mean "notes"?',
        line: 2,
        column: 1,
      },
    });
  });

  it("suggests another user's public collection, never their private one", async () => {
    const shared = await run(member.cookie, 'FROM recipse SELECT count()');
    expect(shared.body).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('"recipes"') },
    });
    // The admin may read "diaries", so it is suggested to them; to the member it does not exist.
    const admin = await run(adminCookie, 'FROM diareis SELECT count()');
    expect(admin.body).toMatchObject({ ok: false, error: { message: expect.stringContaining('"diaries"') } });
    const hidden = await run(member.cookie, 'FROM diareis SELECT count()');
    expect(hidden.body).toMatchObject({ ok: true, output: ['0'] });
    expect(JSON.stringify(hidden.body)).not.toContain('diaries');
  });

  it('answers no rows, without an error, for a filter that matches nothing in a real collection', async () => {
    const answer = await run(member.cookie, 'FROM notes WHERE title = "absent" SELECT count()');
    expect(answer.body).toMatchObject({ ok: true, output: ['0'] });
  });
});
