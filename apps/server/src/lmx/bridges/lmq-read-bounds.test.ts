import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_ENV, type SignedInUser, signUp } from '../../testing/access-test-fixtures.js';
import {
  describeHealthz,
  listenOnLoopback,
  probeHealthzAgainstBaseline,
} from '../../testing/healthz-probe.js';
import { testDatabaseTargets } from '../../testing/test-databases.js';
import { createTestServer, type TestServer } from '../../testing/test-server.js';

// Issue 21, item 5: `lmq` reads through the same byte-bounded pages as `/db`, keeps only the
// fields a query names, and stops at its row and byte bounds with a typed error, while the
// server keeps answering. Real server, real HTTP on loopback, on every test database.

/** Documents of about 250 KB each: `n` and a filler the queries never name. */
const BIG_DOCUMENTS = 240;
const FILLER = 'x'.repeat(250_000);

interface RunAnswer {
  status: number;
  body: {
    ok?: boolean;
    output?: string[];
    error?: { code: string; message: string };
  };
}

describe.each(testDatabaseTargets())('lmq read bounds on $name', (target) => {
  let server: TestServer;
  let base = '';
  let writer: SignedInUser;
  const readers: SignedInUser[] = [];

  async function store(collection: string, body: Record<string, unknown>): Promise<void> {
    const response = await server.app.inject({
      method: 'POST',
      url: `/db/${collection}`,
      headers: { cookie: writer.cookie },
      payload: { visibility: 'public', ...body },
    });
    if (response.statusCode !== 201) throw new Error(`store failed: ${response.statusCode} ${response.body}`);
  }

  async function runLmq(reader: SignedInUser, source: string): Promise<RunAnswer> {
    const response = await fetch(`${base}/api/lmx/run`, {
      method: 'POST',
      headers: { cookie: reader.cookie, origin: base, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'lmq', source }),
    });
    return { status: response.status, body: (await response.json()) as RunAnswer['body'] };
  }

  beforeAll(async () => {
    // A generous run time, so the bounds under test answer before the time bound does.
    server = await createTestServer(target, { ...FIXTURE_ENV, SVC_LMX_TIME_MS: '30000' });
    base = await listenOnLoopback(server.app);
    writer = await signUp(server.app, `writer-${target.name}@example.com`);
    for (let index = 0; index < 4; index++) {
      readers.push(await signUp(server.app, `reader-${index}-${target.name}@example.com`));
    }
    for (let n = 0; n < BIG_DOCUMENTS; n++) await store('big', { n, filler: FILLER });
    for (let n = 0; n < 100; n++) await store('medium', { n, filler: 'y'.repeat(40_000) });
    await store('typed', {
      name: 'a',
      on: true,
      off: false,
      nothing: null,
      nested: { list: [1, true, null, 'x'], deep: { off: false } },
      text: 'é "quoted" \\ 😀',
      big: 12345.5,
    });
    await store('typed', { name: 'b', on: 'true' });
  }, 180_000);
  afterAll(async () => server?.close());

  it('answers four parallel aggregates over 60 MB of public documents with E_LIMIT_BYTES while /healthz stays fast', async () => {
    // Four sandbox workers up first: starting one is the runner's cost, not lmq's.
    await Promise.all(readers.map((reader) => runLmq(reader, 'FROM nothing SELECT count()')));
    const seen = await probeHealthzAgainstBaseline(base, () =>
      Promise.all(readers.map((reader) => runLmq(reader, 'FROM big WHERE n >= 0 SELECT count()'))),
    );
    for (const answer of seen.result) {
      expect(answer.status).toBe(200);
      expect(answer.body.ok).toBe(false);
      expect(answer.body.error?.code).toBe('E_LIMIT_BYTES');
      expect(answer.body.error?.message).toMatch(/field = value/);
    }
    expect(seen.worstMs, describeHealthz(seen)).toBeLessThan(seen.boundMs);
  }, 120_000);

  it('counts across byte-bounded pages, reading only the fields the query names', async () => {
    const answer = await runLmq(
      readers[0] as SignedInUser,
      'FROM medium SELECT count()\nFROM medium WHERE n >= 50 SELECT count(), sum(n)\nFROM medium WHERE n > 95 ORDER BY n DESC SELECT n',
    );
    expect(answer.body.error).toBeUndefined();
    expect(answer.body.output).toEqual([
      '100',
      '{count: 50, sum_n: 3725}',
      '{n: 99}',
      '{n: 98}',
      '{n: 97}',
      '{n: 96}',
      '(4 rows)',
    ]);
  }, 60_000);

  it('reads picked fields with their JSON types as whole rows have them', async () => {
    const answer = await runLmq(
      readers[3] as SignedInUser,
      'FROM typed ORDER BY name SELECT name, on, off, nothing, nested, text, big, row?.absent\nFROM typed WHERE on = true SELECT count()',
    );
    expect(answer.body.error).toBeUndefined();
    expect(answer.body.output).toEqual([
      '{name: "a", on: true, off: false, nothing: null, nested: {list: [1, true, null, "x"], deep: {off: false}}, text: "é \\"quoted\\" \\\\ 😀", big: 12345.5, absent: null}',
      '{name: "b", on: "true", off: null, nothing: null, nested: null, text: null, big: null, absent: null}',
      '(2 rows)',
      '1',
    ]);
  }, 60_000);

  it('narrows a query with field = value before any bound', async () => {
    const answer = await runLmq(readers[1] as SignedInUser, 'FROM big WHERE n = 7 SELECT count(), sum(n)');
    expect(answer.body.error).toBeUndefined();
    expect(answer.body.output).toEqual(['{count: 1, sum_n: 7}']);
  }, 60_000);

  it('refuses to return whole documents past the result bound with E_LIMIT_BYTES', async () => {
    const answer = await runLmq(readers[2] as SignedInUser, 'FROM big WHERE n < 40');
    expect(answer.status).toBe(200);
    expect(answer.body.error?.code).toBe('E_LIMIT_BYTES');
  }, 60_000);
});
