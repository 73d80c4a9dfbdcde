import { Writable } from 'node:stream';
import { validate } from '@svc/spec-toolkit';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import { requireAuth, requireRole } from '../plugins/guards.js';
import { type TestDatabaseTarget, testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer } from '../testing/test-server.js';
import { buildServer } from './build-server.js';

/** A sample of what /openapi.json must describe: every area, with path parameters as `{name}`. */
const DOCUMENTED_PATHS = [
  '/healthz',
  '/readyz',
  '/auth/me',
  '/keys',
  '/keys/{id}',
  '/db/{collection}',
  '/db/{collection}/{id}',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PASSWORD = 'a very long test password 42';
const ADMIN = { email: 'chief@example.com', password: 'seeded root credential 4242' };

/** A server built like createTestServer, plus test-only routes and a captured log. */
interface ProbeServer {
  app: FastifyInstance;
  logs: string[];
  /** The database handle the server decorates; tests swap `db` to simulate an outage. */
  handle: Database;
  close(): Promise<void>;
}

async function createProbeServer(target: TestDatabaseTarget): Promise<ProbeServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SVC_PASSWORD_COST: '12',
    LOG_LEVEL: 'info',
    SEED_ADMIN_EMAIL: ADMIN.email,
    SEED_ADMIN_PASSWORD: ADMIN.password,
  });
  const database = await target.open();
  const handle: Database = { ...database };
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildServer({ config, database: handle, logStream });
  app.get('/test/boom', async () => {
    throw new Error('connection string postgres://admin:hunter2@db leaked?');
  });
  app.post(
    '/test/echo',
    { schema: { body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } },
    async (request) => request.body,
  );
  app.get('/test/private', { preHandler: requireAuth }, async () => ({ ok: true }));
  app.get('/test/admin', { preHandler: requireRole('admin') }, async () => ({ ok: true }));
  await app.ready();
  return {
    app,
    logs,
    handle,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** Signs up (auto-verified in test) and logs in; returns the `name=value` session cookie. */
async function logIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  await app.inject({ method: 'POST', url: '/auth/signup', payload: { email, password } });
  const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies.find((c) => c.name === 'svc_session');
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(login.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

describe.each(testDatabaseTargets())('server on $name', (target) => {
  let server: ProbeServer;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: Omit<InjectOptions, 'method' | 'url'> = {},
  ) => server.app.inject({ method, url, ...options });
  beforeAll(async () => {
    server = await createProbeServer(target);
  });
  afterAll(async () => server?.close());

  describe('one error shape', () => {
    it('answers an unknown route with 404 SERVER_NOT_FOUND', async () => {
      const response = await call('GET', '/nope?x=1');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        error: { code: 'SERVER_NOT_FOUND', message: 'No route for GET /nope.' },
      });
    });

    it('answers a body that is not JSON with 400 SERVER_VALIDATION', async () => {
      const response = await call('POST', '/test/echo', {
        headers: { 'content-type': 'application/json' },
        payload: '{"n": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('SERVER_VALIDATION');
    });

    it('answers a body of the wrong shape with 400 SERVER_VALIDATION and every issue', async () => {
      const response = await call('POST', '/test/echo', { payload: { n: 'seven' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'SERVER_VALIDATION',
          message: 'body/n must be integer',
          details: { issues: [{ path: '/n', message: 'must be integer' }] },
        },
      });
    });

    it('answers an unsupported content type with 415 SERVER_UNSUPPORTED_MEDIA_TYPE', async () => {
      const response = await call('POST', '/test/echo', {
        headers: { 'content-type': 'application/xml' },
        payload: '<n>1</n>',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.code).toBe('SERVER_UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body over 1 MiB with 413 SERVER_PAYLOAD_TOO_LARGE', async () => {
      const payload = JSON.stringify({ n: 1, pad: 'x'.repeat(1024 * 1024) });
      const response = await call('POST', '/test/echo', {
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error.code).toBe('SERVER_PAYLOAD_TOO_LARGE');
    });

    it('answers anonymous requests to guarded routes with 401 GATE_UNAUTHENTICATED', async () => {
      const response = await call('GET', '/test/private');
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('GATE_UNAUTHENTICATED');
    });

    it('answers a signed-in user without the role with 403 GATE_FORBIDDEN', async () => {
      const cookie = await logIn(server.app, 'plain@example.com', PASSWORD);
      const allowed = await call('GET', '/test/private', { headers: { cookie } });
      expect(allowed.json()).toEqual({ ok: true });
      const response = await call('GET', '/test/admin', { headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('GATE_FORBIDDEN');
    });

    it('answers an internal failure with 500 SERVER_INTERNAL, never its message, and logs it with the request id', async () => {
      const response = await call('GET', '/test/boom');
      const id = response.headers['x-request-id'];
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'SERVER_INTERNAL', message: `Internal error (request ${id}).` },
      });
      expect(response.body).not.toContain('hunter2');
      const logged = server.logs
        .map((line) => JSON.parse(line))
        .find((line) => line.reqId === id && line.level === 50);
      expect(logged?.err?.message).toContain('leaked?');
    });
  });

  describe('request ids', () => {
    it('gives every response, errors included, its own x-request-id and ignores a client-sent one', async () => {
      const responses = await Promise.all([
        call('GET', '/healthz', { headers: { 'x-request-id': 'forged' } }),
        call('GET', '/nope'),
        call('GET', '/test/private'),
        call('POST', '/test/echo', { payload: { n: 'x' } }),
      ]);
      const ids = responses.map((response) => response.headers['x-request-id']);
      for (const id of ids) expect(id).toMatch(UUID);
      expect(new Set(ids).size).toBe(ids.length);
    });
  });

  describe('health and readiness', () => {
    it('answers /healthz without touching the database', async () => {
      const response = await call('GET', '/healthz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('answers /readyz with the database kind, and 503 SERVER_NOT_READY while the database fails', async () => {
      const ready = await call('GET', '/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: target.name });

      const working = server.handle.db;
      server.handle.db = new Kysely({
        dialect: new SqliteDialect({
          database: async () => {
            throw new Error('database unreachable');
          },
        }),
      });
      try {
        const down = await call('GET', '/readyz');
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          error: { code: 'SERVER_NOT_READY', message: 'The database is not reachable.' },
        });
        expect((await call('GET', '/healthz')).statusCode).toBe(200);
      } finally {
        server.handle.db = working;
      }
    });
  });

  describe('logs', () => {
    it('carry the request id but never a password, the session cookie or an API key', async () => {
      const email = 'logged@example.com';
      const cookie = await logIn(server.app, email, PASSWORD);
      const admin = await logIn(server.app, ADMIN.email, ADMIN.password);
      const me = (await call('GET', '/auth/me', { headers: { cookie } })).json();
      const granted = await call('PUT', `/auth/users/${me.id}/roles`, {
        headers: { cookie: admin },
        payload: { roles: ['member', 'developer'] },
      });
      expect(granted.statusCode).toBe(200);
      const before = server.logs.length;
      const created = await call('POST', '/keys', { headers: { cookie }, payload: { name: 'logs' } });
      expect(created.statusCode).toBe(201);
      const key: string = created.json().key;
      const responses = [
        created,
        await call('POST', '/auth/login', { payload: { email, password: PASSWORD } }),
        await call('GET', '/auth/me', { headers: { cookie } }),
        await call('GET', '/auth/me', { headers: { authorization: `Bearer ${key}` } }),
        await call('GET', '/auth/me', { headers: { 'x-api-key': key } }),
        await call('GET', '/auth/verify?token=secret-token-value&x=1'),
      ];
      expect(responses.slice(2, 5).map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const written = server.logs.slice(before).join('\n');
      const sessionValue = cookie.split('=')[1] as string;
      const keySecret = key.slice(key.lastIndexOf('_') + 1);
      for (const secret of [PASSWORD, sessionValue, key, keySecret, 'secret-token-value'])
        expect(written).not.toContain(secret);
      for (const response of responses) expect(written).toContain(response.headers['x-request-id']);
      expect(written).toContain('token=[redacted]&x=1');
    });
  });
});

describe.each(testDatabaseTargets())('GET /openapi.json on $name', (target) => {
  it('describes every route and validates with our spec toolkit: valid, zero errors', async () => {
    const server = await createTestServer(target);
    try {
      const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
      expect(response.statusCode).toBe(200);
      const document = response.json();
      expect(document).toMatchObject({
        openapi: '3.0.3',
        info: { title: 'svc' },
        servers: [{ url: server.config.publicUrl }],
      });
      expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(DOCUMENTED_PATHS));
      expect(document.paths['/openapi.json']).toBeUndefined();
      expect(document.paths['/readyz'].get.responses['503'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
      expect(document.components.securitySchemes).toEqual({
        cookieAuth: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'svc_session' }),
        apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
        bearer: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      });

      const result = validate({ spec: response.body });
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
      const strict = validate({ spec: response.body, options: { strict: true } });
      expect(strict.errors).toEqual([]);
      // Strict mode: every operation has an operationId, a summary and declared tags, every
      // component is used, servers and info are complete. What may remain: probes without a 4xx
      // answer and operations described by their summary alone.
      const styleCodes = new Set(strict.warnings.map((warning) => warning.code));
      for (const code of styleCodes)
        expect(['SPEC_STYLE_NO_4XX_RESPONSE', 'SPEC_STYLE_DESCRIPTION_MISSING']).toContain(code);
    } finally {
      await server.close();
    }
  });
});
