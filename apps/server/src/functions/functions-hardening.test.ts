import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../testing/access-test-fixtures.js';
import { describeHealthz, listenOnLoopback, probeHealthzAgainstBaseline } from '../testing/healthz-probe.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

// biome-ignore lint/suspicious/noExplicitAny: the tests read JSON bodies of many shapes
type Json = any;

/** A 14 KB schema of 150 properties, each an `anyOf` of three: seconds for Ajv to compile. */
function heavySchema(prefix: string): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let index = 0; index < 150; index++) {
    properties[`${prefix}${index}`] = {
      anyOf: [{ type: 'string', maxLength: 5 }, { type: 'number', minimum: 1 }, { type: 'null' }],
    };
  }
  return { type: 'object', properties };
}

/** A schema nested `levels` objects deep (each level: properties → a → …). */
function deepSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < levels; level++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe.each(testDatabaseTargets())('user-supplied function schemas on $name', (target) => {
  let server: TestServer;
  let base: string;
  let member: SignedInUser;
  let other: SignedInUser;

  const send = async (user: SignedInUser, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: user.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };
  const store = (user: SignedInUser, name: string, parameters: unknown) =>
    send(user, 'POST', '/db/function_calls', {
      name,
      description: `The function ${name}.`,
      parameters,
      executor: 'script:lmx',
      source: 'return input',
    });
  const call = (user: SignedInUser, name: string, args: unknown) =>
    send(user, 'POST', `/api/functions/${name}/call`, args);
  const problemsOf = async (user: SignedInUser, name: string): Promise<string[]> => {
    const listed = await send(user, 'GET', '/api/functions');
    return listed.body.functions.find((entry: { name: string }) => entry.name === name)?.problems;
  };

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    base = await listenOnLoopback(server.app);
    member = await signUp(server.app, `schemas-a-${target.name}@example.com`);
    other = await signUp(server.app, `schemas-b-${target.name}@example.com`);
  });
  afterAll(async () => server?.close());

  it('checks a catastrophic pattern in linear time while /healthz keeps answering', async () => {
    const parameters = {
      type: 'object',
      required: ['s'],
      properties: { s: { type: 'string', pattern: '^(a+)+$' } },
    };
    expect((await store(member, 'redos', parameters)).status).toBe(201);
    const seen = await probeHealthzAgainstBaseline(base, async () => [
      await call(member, 'redos', { s: `${'a'.repeat(29)}!` }),
      await call(member, 'redos', { s: `${'a'.repeat(200_000)}!` }),
      await call(member, 'redos', { s: 'aaaa' }),
    ]);
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    const [short, long, fine] = seen.result;
    for (const refused of [short, long]) {
      expect(refused?.status).toBe(400);
      expect(refused?.body.error).toMatchObject({
        code: 'CAP_INVALID_ARGS',
        details: { issues: [{ path: '/s', message: 'must match pattern "^(a+)+$"' }] },
      });
    }
    expect(fine?.status).toBe(200);
    expect(fine?.body.result).toMatchObject({ ok: true, value: { s: 'aaaa' } });
  });

  it('stops a check that runs past its deadline on the schema thread, not on the main thread', async () => {
    // uniqueItems over objects is quadratic in Ajv: 12 000 items take many seconds.
    const parameters = {
      type: 'object',
      properties: { items: { type: 'array', uniqueItems: true, items: { type: 'object' } } },
    };
    expect((await store(member, 'unique', parameters)).status).toBe(201);
    const items = Array.from({ length: 12_000 }, (_, index) => ({ n: index, tag: 'x' }));
    const seen = await probeHealthzAgainstBaseline(base, () => call(member, 'unique', { items }));
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    expect(seen.result.status).toBe(400);
    expect(seen.result.body.error.code).toBe('CAP_INVALID_ARGS');
    expect(seen.result.body.error.message).toMatch(/took longer than 2000 ms/);
    // The thread that was stopped is replaced: the next call is checked as usual.
    expect((await call(member, 'unique', { items: [{ n: 1 }, { n: 2 }] })).status).toBe(200);
  });

  it('lists what RE2 cannot express as a problem at its place in the schema, and refuses the call', async () => {
    const parameters = {
      type: 'object',
      properties: {
        s: { type: 'string', pattern: '^(?=a)a+$' },
        t: { type: 'object', patternProperties: { '^(x)\\1$': { type: 'string' } } },
      },
    };
    expect((await store(member, 'lookahead', parameters)).status).toBe(201);
    const problems = await problemsOf(member, 'lookahead');
    expect(problems).toEqual([
      'parameters/properties/s/pattern pattern "^(?=a)a+$" uses lookahead, which linear-time matching (RE2 syntax) does not support',
      'parameters/properties/t/patternProperties/^(x)\\1$ pattern "^(x)\\\\1$" uses backreferences, which linear-time matching (RE2 syntax) does not support',
    ]);
    const refused = await call(member, 'lookahead', { s: 'a' });
    expect(refused.status).toBe(404);
    expect(refused.body.error.details.problems).toEqual(problems);
  });

  it('refuses a schema past its size or depth when it is written, with where', async () => {
    const deep = await store(member, 'deep', deepSchema(20));
    expect(deep.status).toBe(400);
    expect(deep.body.error.code).toBe('SERVER_INVALID_DOCUMENT');
    const [issue] = deep.body.error.details.issues;
    // The first object past level 20: the schema of the 10th nested property.
    expect(issue.path).toBe(`/parameters${'/properties/a'.repeat(10)}`);
    expect(issue.message).toBe('nests deeper than 20 levels of objects and arrays.');
    const large = { type: 'object', description: 'x'.repeat(17_000) };
    const big = await store(member, 'big', large);
    expect(big.status).toBe(400);
    expect(big.body.error.details.issues).toEqual([
      {
        path: '/parameters',
        message: `is ${JSON.stringify(large).length} bytes of JSON; at most 16384 are allowed.`,
      },
    ]);
    // A patch replacing the parameters is held to the same bounds; nothing was stored either time.
    const stored = await store(member, 'patched', { type: 'object' });
    const patched = await send(member, 'PATCH', `/db/function_calls/${stored.body.id}`, {
      parameters: deepSchema(20),
    });
    expect([patched.status, patched.body.error.code]).toEqual([400, 'SERVER_INVALID_DOCUMENT']);
    expect(await problemsOf(member, 'patched')).toEqual([]);
    const names = (await send(member, 'GET', '/api/functions')).body.functions.map(
      (entry: { name: string }) => entry.name,
    );
    expect(names).not.toContain('deep');
    expect(names).not.toContain('big');
    // Within the bounds (nine nested objects, 19 levels) is fine.
    expect((await store(member, 'nested', deepSchema(9))).status).toBe(201);
    expect(await problemsOf(member, 'nested')).toEqual([]);
  });

  it('compiles each stored schema once: listings, calls and lma reuse it while /healthz keeps answering', async () => {
    const stats = () => server.app.capabilities.userSchemas.stats();
    const seen = await probeHealthzAgainstBaseline(base, async () => {
      for (let index = 0; index < 5; index++) {
        expect((await store(other, `heavy${index}`, heavySchema(`p${target.name}${index}_`))).status).toBe(
          201,
        );
      }
      const first = await send(other, 'GET', '/api/capabilities');
      const compiledByFirst = stats().compiled;
      const again = await send(other, 'GET', '/api/capabilities?format=openai');
      const called = await call(other, 'heavy0', { [`p${target.name}0_1`]: 'abc' });
      const planes = await send(other, 'POST', '/api/lmx/run', { mode: 'lma', source: 'PLANES' });
      const listed = await send(other, 'GET', '/api/functions');
      return { first, again, called, planes, listed, compiledByFirst, compiledAfter: stats().compiled };
    });
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
    const { first, again, called, planes, listed, compiledByFirst, compiledAfter } = seen.result;
    expect(
      first.body.capabilities.filter((entry: { id: string }) => entry.id.startsWith('functions.heavy')),
    ).toHaveLength(5);
    expect(
      again.body.tools.filter((tool: Json) => tool.function.name.startsWith('functions_heavy')),
    ).toHaveLength(5);
    expect(called.status).toBe(200);
    expect(planes.status).toBe(200);
    expect(
      listed.body.functions.filter(
        (entry: Json) => entry.name.startsWith('heavy') && entry.problems.length === 0,
      ),
    ).toHaveLength(5);
    // Everything after the first listing used the five validators compiled for it.
    expect(compiledAfter).toBe(compiledByFirst);
  });
});
