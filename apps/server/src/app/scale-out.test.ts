import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../activity/file-storage.js';
import { createS3FileStorage } from '../activity/s3-file-storage.js';
import { modelEnv } from '../testing/dreamer-test-helpers.js';
import { type FakeModelServer, startFakeModelServer } from '../testing/fake-model-server.js';
import { startLocalS3 } from '../testing/local-s3.js';
import { type PrivateRedisServer, startPrivateRedisServer } from '../testing/private-redis-server.js';
import { createPostgresSchema, type RunningServer, startServerProcess } from '../testing/server-process.js';
import { testRedisConfig, testRedisEnvironment } from '../testing/test-redis.js';

/**
 * The scale-out proof (docs/deploy/scale-out.md): real server processes (`node dist/start.js`)
 * as an operator runs them. With PostgreSQL (`TEST_DATABASE_URL`) two instances share one
 * database and one Redis, each with a disk of its own, and every behaviour below must be the
 * one-instance behaviour across both. The same suite runs on one instance on SQLite without
 * Redis, where "the other instance" is the same one.
 */
interface Topology {
  name: string;
  start(): Promise<{ a: string; b: string; bucket?: FileStorage; stop(): Promise<void> }>;
}

const PASSWORD = 'a very long test password 42';
const ADMIN = { email: 'operator@example.com', password: 'seeded root credential 4242' };

/** The model providers of every instance: a local fake speaking the OpenAI and Anthropic wire protocols. */
let models: FakeModelServer;
beforeAll(async () => {
  models = await startFakeModelServer();
});
afterAll(async () => models?.close());

async function startInstance(env: Record<string, string>): Promise<{ url: string; server: RunningServer }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-scale-out-'));
  const server = startServerProcess({
    PORT: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SVC_DATA_DIR: dataDir,
    SVC_PASSWORD_COST: '12',
    SVC_IDENTITY_CACHE_MS: '20000',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
    ...modelEnv(models),
    MODEL_STREAMING: 'false',
    ...env,
  });
  const listening = await server.waitFor((line) => typeof line.address === 'string', 'listening');
  void server.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return { url: listening.address as string, server };
}

async function stopInstance(instance: { server: RunningServer }): Promise<void> {
  instance.server.child.kill('SIGTERM');
  await instance.server.exited;
}

const topologies: Topology[] = [
  {
    name: 'one instance on SQLite without Redis',
    async start() {
      const only = await startInstance({});
      return { a: only.url, b: only.url, stop: () => stopInstance(only) };
    },
  },
];
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  topologies.push({
    name: 'two instances on one PostgreSQL and one Redis',
    async start() {
      const postgres = await createPostgresSchema(postgresUrl);
      const s3 = await startLocalS3(['svc-books']);
      const bucket = createS3FileStorage(s3.config('svc-books'));
      const shared = {
        DATABASE_URL: postgres.databaseUrl,
        ...testRedisEnvironment(testRedisConfig()),
        ...s3.env('svc-books'),
      };
      // The first instance migrates; the second starts beside it as a load balancer's pool would.
      const a = await startInstance(shared);
      const b = await startInstance(shared);
      return {
        a: a.url,
        b: b.url,
        bucket,
        async stop() {
          await Promise.all([stopInstance(a), stopInstance(b)]);
          bucket.close?.();
          await s3.close();
          await postgres.drop();
        },
      };
    },
  });
}

async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; apiKey?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  const headers: Record<string, string> = { origin: base };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    response,
  };
}

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('svc_session='));
  if (!cookie) throw new Error('login set no session cookie');
  return cookie.split(';')[0] as string;
}

/** Signs `email` up on `base`, lets the seeded admin give it `roles`, and logs it in. */
/**
 * A JSON POST sent from `localAddress` (any 127.x.y.z reaches the loopback server), so the
 * server sees a client address of its own: a per-address limit counts only this test's calls.
 */
function postFrom(
  localAddress: string,
  base: string,
  path: string,
  body: unknown,
): Promise<{ status: number; code: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${path}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const parsed = text ? (JSON.parse(text) as { error?: { code?: string } }) : {};
          resolve({ status: response.statusCode ?? 0, code: parsed.error?.code });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

/** A loopback address of its own (127.x.y.z), so no other test's calls count against it. */
function randomLoopbackAddress(): string {
  const part = () => Math.floor(Math.random() * 230) + 20;
  return `127.${part()}.${part()}.${part()}`;
}

async function signUp(
  base: string,
  email: string,
  roles: string[] = ['member'],
): Promise<{ id: string; cookie: string }> {
  const signup = await call(base, 'POST', '/auth/signup', { body: { email, password: PASSWORD } });
  expect(signup.status).toBe(201);
  const id = (signup.body.user as { id: string }).id;
  if (roles.length > 1) {
    const admin = sessionCookieOf((await call(base, 'POST', '/auth/login', { body: ADMIN })).response);
    expect(
      (await call(base, 'PUT', `/auth/users/${id}/roles`, { body: { roles }, cookie: admin })).status,
    ).toBe(200);
  }
  const login = await call(base, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  return { id, cookie: sessionCookieOf(login.response) };
}

/** Signs `email` up on `base` and lets the seeded admin give it the PRO plan (ideation included). */
async function signUpPro(base: string, email: string): Promise<{ id: string; cookie: string }> {
  const member = await signUp(base, email);
  const admin = sessionCookieOf((await call(base, 'POST', '/auth/login', { body: ADMIN })).response);
  const granted = await call(base, 'POST', '/membership/grant', {
    body: { userId: member.id, plan: 'PRO' },
    cookie: admin,
  });
  expect(granted.status).toBe(200);
  return member;
}

/** Starts an ideation run on `base` that holds its slot until `controller` aborts (its model hangs). */
function startHeldDream(
  base: string,
  cookie: string,
  topic: string,
  controller: AbortController,
): Promise<unknown> {
  return fetch(`${base}/api/dreamer/run`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ topic }),
    signal: controller.signal,
  }).then(
    (response) => response.text(),
    () => 'left',
  );
}

describe.each(topologies)('scale-out: $name', (topology) => {
  let a = '';
  let b = '';
  let bucket: FileStorage | undefined;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ a, b, bucket, stop } = await topology.start());
  }, 120_000);

  it('a book exported through A downloads through B, and leaves the bucket when deleted through A', async () => {
    const { cookie } = await signUp(a, 'books@example.com');
    const pageIds: string[] = [];
    for (const [kind, seed] of [
      ['sudoku', 1],
      ['maze', 2],
    ] as const) {
      const page = (await call(a, 'POST', '/api/activity/pages/generate', { body: { kind, seed } })).body
        .page as Record<string, unknown>;
      const saved = await call(b, 'POST', '/api/activity/pages', {
        cookie,
        body: { kind: page.kind, doc: page.doc, seed: page.seed, summary: page.summary },
      });
      expect(saved.status).toBe(201);
      pageIds.push((saved.body.page as { id: string }).id);
    }
    const book = await call(a, 'POST', '/api/activity/books', {
      cookie,
      body: { title: 'Shared', trim: '6x9', pageIds },
    });
    expect(book.status).toBe(201);
    const bookId = (book.body.book as { id: string }).id;
    expect((await call(a, 'POST', `/api/activity/books/${bookId}/export`, { cookie })).status).toBe(202);
    const download = async (base: string) =>
      fetch(`${base}/api/activity/books/${bookId}/file`, { headers: { cookie } });
    await expect.poll(async () => (await download(a)).status, { timeout: 60_000, interval: 250 }).toBe(200);
    const throughA = Buffer.from(await (await download(a)).arrayBuffer());
    const fromB = await download(b);
    expect(fromB.status).toBe(200);
    const throughB = Buffer.from(await fromB.arrayBuffer());
    expect(throughB.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(throughB.equals(throughA)).toBe(true);
    if (bucket) expect(await bucket.list('activity-books')).toHaveLength(1);

    expect((await call(a, 'DELETE', `/db/activity_books/${bookId}`, { cookie })).status).toBe(204);
    if (bucket) expect(await bucket.list('activity-books')).toEqual([]);
    expect((await download(b)).status).toBe(404);
  });
  afterAll(async () => stop(), 60_000);

  it('an API key deleted on A is refused on B within a second, at SVC_IDENTITY_CACHE_MS=20000', async () => {
    const { cookie } = await signUp(a, 'keys@example.com', ['member', 'developer']);
    const created = await call(a, 'POST', '/keys', { body: { name: 'ci' }, cookie });
    expect(created.status).toBe(201);
    const apiKey = created.body.key as string;
    const keyId = (created.body.apiKey as { id: string }).id;
    // B resolves the key once and caches it for 20 s.
    expect((await call(b, 'GET', '/auth/me', { apiKey })).status).toBe(200);
    expect((await call(a, 'DELETE', `/keys/${keyId}`, { cookie })).status).toBe(204);
    await expect
      .poll(async () => (await call(b, 'GET', '/auth/me', { apiKey })).status, {
        timeout: 1000,
        interval: 50,
      })
      .toBe(401);
  });

  it('an event automation runs once when its events hit both instances at the same moment', async () => {
    const { cookie } = await signUp(a, 'events@example.com');
    const automation = await call(a, 'POST', '/db/automations', {
      cookie,
      body: {
        name: 'on a deleted note',
        trigger: { type: 'event', event: 'gate.document.deleted', collection: 'notes' },
        steps: [{ action: 'generatePage', args: { kind: 'sudoku', seed: 1 } }],
      },
    });
    expect(automation.status).toBe(201);
    const automationId = automation.body.id as string;
    const notes = await Promise.all(
      [1, 2].map(async (n) => (await call(a, 'POST', '/db/notes', { cookie, body: { n } })).body),
    );
    const ids = notes.map((note) => note.id as string);
    const deletes = await Promise.all([
      call(a, 'DELETE', `/db/notes/${ids[0]}`, { cookie }),
      call(b, 'DELETE', `/db/notes/${ids[1]}`, { cookie }),
    ]);
    expect(deletes.map((answer) => answer.status)).toEqual([204, 204]);
    const runsOf = async () => {
      const listing = await call(a, 'GET', '/db/automation_runs?limit=100', { cookie });
      const documents = (listing.body.items ?? []) as Array<Record<string, unknown>>;
      return documents.filter((run) => JSON.stringify(run).includes(automationId));
    };
    await expect.poll(async () => (await runsOf()).length, { timeout: 20_000 }).toBeGreaterThan(0);
    // Both instances have long seen their delete: a second run would be queued by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf()).toHaveLength(1);
  });

  it('a cron automation of every minute runs once per minute across both instances', async () => {
    const { cookie } = await signUp(a, 'cron@example.com');
    const automation = await call(b, 'POST', '/db/automations', {
      cookie,
      body: {
        name: 'every minute',
        trigger: { type: 'schedule', cron: '* * * * *' },
        steps: [{ action: 'generatePage', args: { kind: 'maze', seed: 2 } }],
      },
    });
    expect(automation.status).toBe(201);
    const automationId = automation.body.id as string;
    const runsOf = async () => {
      const listing = await call(b, 'GET', '/db/automation_runs?limit=100', { cookie });
      const documents = (listing.body.items ?? []) as Array<Record<string, unknown>>;
      return documents.filter((run) => JSON.stringify(run).includes(automationId));
    };
    // The next minute boundary fires it; both schedulers tick then.
    await expect
      .poll(async () => (await runsOf()).length, { timeout: 110_000, interval: 500 })
      .toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await runsOf()).toHaveLength(1);
  }, 140_000);

  it('the login limit of 10 a minute per address lets 10 through across both instances', async () => {
    const client = randomLoopbackAddress();
    const answers: string[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const answer = await postFrom(client, attempt % 2 === 0 ? a : b, '/auth/login', {
        email: `nobody-${attempt}@example.com`,
        password: PASSWORD,
      });
      answers.push(`${answer.status} ${answer.code}`);
    }
    expect(answers.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => '401 GATE_INVALID_CREDENTIALS'));
    expect(answers.slice(10)).toEqual(Array.from({ length: 4 }, () => '429 SERVER_RATE_LIMITED'));
  });

  it('three ideation runs in flight across both instances leave a member no fourth slot on either, and a slot freed on B serves A', async () => {
    const { cookie } = await signUpPro(a, `slots-${Date.now()}@example.com`);
    const before = models.requests.length;
    models.enqueue({ hang: true }, { hang: true }, { hang: true });
    const controllers = [0, 1, 2].map(() => new AbortController());
    const held = [a, b, a].map((base, index) =>
      startHeldDream(base, cookie, `held ${index}`, controllers[index] as AbortController),
    );
    try {
      await models.waitForRequests(before + 3);
      for (const base of [a, b]) {
        const fourth = await call(base, 'POST', '/api/dreamer/run', { cookie, body: { topic: 'a fourth' } });
        expect(fourth.status).toBe(429);
        expect((fourth.body.error as { code: string }).code).toBe('CAP_TOO_MANY_CONCURRENT');
      }
      // The run held on B ends as its caller leaves; its slot is free for a run on A at once,
      // not after the slot's 30 s lease. The model answers that run (the default answer).
      controllers[1]?.abort();
      await expect
        .poll(
          async () => (await call(a, 'POST', '/api/dreamer/run', { cookie, body: { topic: 'now' } })).status,
          {
            timeout: 10_000,
            interval: 500,
          },
        )
        .toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
      await Promise.all(held);
    }
  });

  it('an MCP cancel sent to B stops the call running on A: the model call is closed and the run ends aborted', async () => {
    const { cookie } = await signUpPro(a, `cancel-${Date.now()}@example.com`);
    const before = models.requests.length;
    models.enqueue({ hang: true });
    let cancelsToB = 0;
    // Behind a load balancer a 2025-era client's notifications/cancelled (a POST of its own)
    // lands on B while the call runs on A; everything else goes to A.
    const routed = async (url: string | URL, init?: RequestInit): Promise<Response> => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!body.includes('notifications/cancelled')) return fetch(url, init);
      // The client gave up on its side only: A is still calling the model.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(models.requests[before]?.closedByClient).toBe(false);
      cancelsToB += 1;
      return fetch(new URL('/mcp', b), init);
    };
    const client = new Client(
      { name: 'cancel', version: '1.0.0' },
      { versionNegotiation: { mode: 'legacy' } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL('/mcp', a), {
        requestInit: { headers: { cookie } },
        fetch: routed,
      }),
    );
    try {
      const controller = new AbortController();
      const answered = client
        .callTool(
          { name: 'dream', arguments: { topic: 'cancelled through B' } },
          { signal: controller.signal },
        )
        .then(
          () => 'answered',
          () => 'cancelled',
        );
      const hanging = (await models.waitForRequests(before + 1))[before];
      controller.abort();
      expect(await answered).toBe('cancelled');
      await expect.poll(() => cancelsToB, { timeout: 5000 }).toBe(1);
      await expect.poll(() => hanging?.closedByClient, { timeout: 5000 }).toBe(true);
      await expect
        .poll(
          async () =>
            (
              (await call(b, 'GET', '/db/dreamer_runs', { cookie })).body.items as Array<{ status: string }>
            )[0]?.status,
          { timeout: 5000 },
        )
        .toBe('aborted');
    } finally {
      await client.close();
    }
  });

  it('failed sign-ins for one account are counted across both instances (5 free, then a wait)', async () => {
    const client = randomLoopbackAddress();
    const account = `throttled-${Date.now()}@example.com`;
    const answers: string[] = [];
    // 10 attempts, the route's limit per address a minute, alternating between the instances.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await postFrom(client, attempt % 2 === 0 ? a : b, '/auth/login', {
        email: account,
        password: `${PASSWORD} ${attempt}`,
      });
      answers.push(`${answer.status} ${answer.code}`);
    }
    // Counted per instance, each would have seen 5 failures: none refused.
    expect(answers.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => '401 GATE_INVALID_CREDENTIALS'));
    // After the fifth, each attempt must wait 1 s, then 2 s, 4 s, ... since the previous failure;
    // one sent sooner is refused. Whatever the machine's speed, some of the next five are.
    const rest = answers.slice(5);
    expect(rest).toContain('429 GATE_RATE_LIMITED');
    expect(
      rest.every((answer) => answer === '429 GATE_RATE_LIMITED' || answer === '401 GATE_INVALID_CREDENTIALS'),
    ).toBe(true);
  });

  it('a capability limit of 30 a minute lets 30 through across both instances', async () => {
    const client = randomLoopbackAddress();
    const statuses: number[] = [];
    const codes = new Set<unknown>();
    for (let index = 0; index < 40; index += 1) {
      const answer = await postFrom(client, index % 2 === 0 ? a : b, '/api/activity/pages/generate', {
        kind: 'sudoku',
        seed: index,
      });
      statuses.push(answer.status);
      if (answer.status !== 200) codes.add(answer.code);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect([...codes]).toEqual(['SERVER_RATE_LIMITED']);
  });
});

describe.runIf(postgresUrl)('scale-out: Redis stopped while two instances run', () => {
  let redis: PrivateRedisServer;
  let a = '';
  let b = '';
  const instances: Array<{ url: string; server: RunningServer }> = [];
  let postgres: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
  beforeAll(async () => {
    redis = await startPrivateRedisServer();
    postgres = await createPostgresSchema(postgresUrl as string);
    const shared = {
      DATABASE_URL: postgres.databaseUrl,
      ...testRedisEnvironment(testRedisConfig({ url: redis.url, timeoutMs: 500 })),
    };
    instances.push(await startInstance(shared), await startInstance(shared));
    [a, b] = instances.map((instance) => instance.url) as [string, string];
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await postgres?.drop();
    await redis.stop();
  }, 60_000);

  it('answers 503 SERVER_REDIS_UNAVAILABLE where a shared limit cannot be checked, loses nothing, and recovers', async () => {
    const { cookie } = await signUp(a, 'outage@example.com');
    const generate = (base: string) =>
      call(base, 'POST', '/api/activity/pages/generate', { body: { kind: 'sudoku', seed: 5 } });
    expect((await generate(a)).status).toBe(200);

    await redis.stop();
    for (const base of [a, b]) {
      const refused = await generate(base);
      expect(refused.status).toBe(503);
      expect((refused.body.error as { code: string }).code).toBe('SERVER_REDIS_UNAVAILABLE');
    }
    // What needs no shared limit goes on: a document written during the outage is kept.
    const note = await call(b, 'POST', '/db/notes', { cookie, body: { during: 'outage' } });
    expect(note.status).toBe(201);
    // Neither process fell over.
    expect((await call(a, 'GET', '/healthz')).status).toBe(200);
    expect((await call(b, 'GET', '/healthz')).status).toBe(200);

    await redis.start();
    for (const base of [a, b]) {
      await expect
        .poll(async () => (await generate(base)).status, { timeout: 15_000, interval: 200 })
        .toBe(200);
    }
    expect((await call(a, 'GET', `/db/notes/${note.body.id as string}`, { cookie })).body.during).toBe(
      'outage',
    );
  });
});
