import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUpWithRoles } from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// Every route taking a path parameter (or a filter), with a NUL and other control characters
// where a name or id goes: each answers a typed 4xx, never 500 — on SQLite and on PostgreSQL,
// which refuses NUL in text outright.
const NUL = '%00';
const PROBES: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; payload?: unknown }> =
  [
    { method: 'GET', url: `/db/notes${NUL}` },
    { method: 'GET', url: `/db/notes/${NUL}` },
    { method: 'GET', url: `/db/notes/abc${NUL}def` },
    { method: 'PATCH', url: `/db/notes/${NUL}`, payload: { a: 1 } },
    { method: 'DELETE', url: `/db/notes/${NUL}` },
    { method: 'POST', url: `/db/notes/${NUL}/clone` },
    { method: 'GET', url: `/db/notes?title=a${NUL}b` },
    { method: 'GET', url: `/db/notes?sort=${NUL}` },
    { method: 'GET', url: `/db/notes?cursor=${NUL}` },
    { method: 'POST', url: '/db/notes', payload: { title: 'a\u0000b' } },
    { method: 'DELETE', url: `/keys/${NUL}` },
    { method: 'PUT', url: `/auth/users/${NUL}/roles`, payload: { roles: [] } },
    { method: 'POST', url: `/api/functions/${NUL}/call`, payload: {} },
    { method: 'POST', url: `/api/functions/a${NUL}/call`, payload: {} },
    { method: 'POST', url: `/api/automations/${NUL}/run`, payload: {} },
    { method: 'GET', url: `/api/activity/books/${NUL}` },
    { method: 'GET', url: `/api/activity/books/${NUL}/file` },
    { method: 'POST', url: `/api/activity/books/${NUL}/export`, payload: {} },
    { method: 'POST', url: `/api/adapters/docs/${NUL}`, payload: {} },
    { method: 'POST', url: `/api/adapters/${NUL}/x`, payload: {} },
    { method: 'GET', url: `/api/capabilities/${NUL}` },
    { method: 'GET', url: `/api/docs/symbol/${NUL}` },
    { method: 'GET', url: `/api/docs/page/${NUL}` },
    { method: 'GET', url: `/docs/${NUL}.md` },
    { method: 'GET', url: `/docs/gate/auth.md${NUL}.json` },
    { method: 'GET', url: `/api/dreamer/runs/${NUL}` },
    { method: 'GET', url: `/${NUL}` },
    { method: 'GET', url: `/auth/verify?token=${NUL}` },
  ];

describe.each(testDatabaseTargets())('a NUL in a URL, on $name', (target) => {
  let server: TestServer;
  let member: SignedInUser;
  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    member = await signUpWithRoles(server.app, 'nul@example.com', ['member']);
  });
  afterAll(async () => server?.close());

  it('answers a typed client error on every route, signed in or not', async () => {
    const failures: string[] = [];
    for (const probe of PROBES) {
      for (const cookie of [undefined, member.cookie]) {
        const response = await server.app.inject({
          method: probe.method,
          url: probe.url,
          ...(cookie ? { headers: { cookie } } : {}),
          ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        });
        const code = response.headers['content-type']?.toString().includes('json')
          ? (response.json() as { error?: { code?: string } }).error?.code
          : undefined;
        if (response.statusCode >= 500 || (response.statusCode >= 400 && code === undefined)) {
          failures.push(
            `${probe.method} ${probe.url} ${cookie ? 'member' : 'anonymous'}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
