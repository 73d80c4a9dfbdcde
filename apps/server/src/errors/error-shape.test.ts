import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../plugins/json-body-parser.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** Writes raw bytes to the server and reads the whole answer (the server closes the connection). */
function sendRaw(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

/** The JSON body of a raw HTTP answer. */
function bodyOfRaw(raw: string): unknown {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

const ONE_SHAPE = {
  error: { code: expect.stringMatching(/^SERVER_[A-Z_]+$/), message: expect.any(String) },
};

// Issue 10, defect 6: every answer, the framework's own refusals included, is the one error shape
// (a JSON-RPC error on /mcp), and no bad input is answered 500. Over a real port, as a client sees it.
describe.each(testDatabaseTargets().slice(0, 1))(
  'the one error shape over a real port on $name',
  (target) => {
    let server: TestServer;
    let base = '';
    let port = 0;

    beforeAll(async () => {
      server = await createTestServer(target);
      base = await server.app.listen({ host: '127.0.0.1', port: 0 });
      port = Number(new URL(base).port);
    });
    afterAll(async () => server?.close());

    async function call(path: string, init: RequestInit = {}): Promise<Answer> {
      const response = await fetch(`${base}${path}`, init);
      return { status: response.status, headers: response.headers, text: await response.text() };
    }
    const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
      call(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

    it.each([
      ['an invalid percent-encoding', '/db/%c0%ae%c0%ae', 400, 'SERVER_BAD_URL'],
      ['a path parameter over 100 characters', `/db/${'a'.repeat(200)}`, 414, 'SERVER_URI_TOO_LONG'],
      [
        'a second-level parameter over 100 characters',
        `/db/notes/${'b'.repeat(200)}`,
        414,
        'SERVER_URI_TOO_LONG',
      ],
      ['an unknown path', '/nowhere', 404, 'SERVER_NOT_FOUND'],
    ])('answers %s in the one error shape', async (_name, path, status, code) => {
      const answer = await call(path);
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(answer.text)).toEqual({ error: { code, message: expect.any(String) } });
      // The refused URL is not echoed back.
      expect(answer.text).not.toContain('%c0');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('answers an unknown method on a known path 404 in the one shape', async () => {
      const answer = await call('/healthz', { method: 'PUT' });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toMatchObject(ONE_SHAPE);
    });

    it.each([
      ['malformed JSON', '{"email":', 400, 'SERVER_VALIDATION'],
      ['a __proto__ key', '{"__proto__":{"isAdmin":true}}', 400, 'SERVER_VALIDATION'],
      [
        'an array nested 100 000 deep',
        `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
        400,
        'SERVER_JSON_TOO_DEEP',
      ],
      [
        'an object nested 100 000 deep',
        `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
        400,
        'SERVER_JSON_TOO_DEEP',
      ],
      [
        'a body over 1 MiB',
        JSON.stringify({ email: 'x'.repeat(1_100_000) }),
        413,
        'SERVER_PAYLOAD_TOO_LARGE',
      ],
    ])('refuses %s in the one error shape', async (_name, body, status, code) => {
      const answer = await postJson('/auth/login', body);
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code } });
    });

    it('says how deep a body may nest, and accepts one exactly that deep', async () => {
      const tooDeep = await postJson(
        '/auth/login',
        `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`,
      );
      expect(JSON.parse(tooDeep.text).error.details).toEqual({
        maxDepth: MAX_JSON_DEPTH,
        position: MAX_JSON_DEPTH,
      });
      // Depth is fine at the limit: the body then fails the route's schema, not the parser.
      const atLimit = await postJson(
        '/auth/login',
        `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`,
      );
      expect(JSON.parse(atLimit.text).error.code).toBe('SERVER_VALIDATION');
      // Brackets inside strings are text, not nesting.
      const inString = await postJson(
        '/auth/login',
        JSON.stringify({ email: '['.repeat(200), password: '{'.repeat(100) }),
      );
      expect(JSON.parse(inString.text).error.code).not.toBe('SERVER_JSON_TOO_DEEP');
    });

    it('refuses a body that is not JSON 415 in the one shape', async () => {
      const answer = await call('/auth/login', {
        method: 'POST',
        body: '<xml/>',
        headers: { 'content-type': 'application/xml' },
      });
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.text)).toEqual({
        error: { code: 'SERVER_UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) },
      });
    });

    const MCP_HEADERS = { accept: 'application/json, text/event-stream' };

    it('answers /mcp params nested 100 000 deep with a JSON-RPC parse error, not a 500', async () => {
      const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
      const answer = await postJson(
        '/mcp',
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${deep}}`,
        MCP_HEADERS,
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32700,
          message: expect.stringContaining(`${MAX_JSON_DEPTH} levels`),
          data: {
            code: 'SERVER_JSON_TOO_DEEP',
            details: { maxDepth: MAX_JSON_DEPTH, position: expect.any(Number) },
          },
        },
      });
    });

    it('answers malformed JSON on /mcp with a JSON-RPC parse error', async () => {
      const answer = await postJson('/mcp', '{"jsonrpc":', MCP_HEADERS);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    });

    it('answers an /mcp body over 4 MiB with a JSON-RPC invalid-request error, 413', async () => {
      const answer = await postJson(
        '/mcp',
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4_300_000) } }),
        MCP_HEADERS,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, data: { code: 'SERVER_PAYLOAD_TOO_LARGE' } },
      });
    });

    it('answers an /mcp body that is not JSON without a 500', async () => {
      for (const [type, body] of [
        ['text/plain', 'hello'],
        ['application/xml', '<x/>'],
      ] as const) {
        const answer = await call('/mcp', {
          method: 'POST',
          body,
          headers: { 'content-type': type, ...MCP_HEADERS },
        });
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    });

    it('answers /mcp params nested just under the bound without a 500', async () => {
      const depth = MAX_JSON_DEPTH - 3;
      const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      const answer = await postJson(
        '/mcp',
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"listKinds","arguments":${nested}}}`,
        MCP_HEADERS,
      );
      expect(answer.status).toBeLessThan(500);
    });

    it('answers malformed HTTP 400 in the one shape, with the security headers', async () => {
      const raw = await sendRaw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\nbroken header line\r\n\r\n');
      expect(raw.startsWith('HTTP/1.1 400 ')).toBe(true);
      expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
      expect(bodyOfRaw(raw)).toEqual({ error: { code: 'SERVER_BAD_REQUEST', message: expect.any(String) } });
    });

    it('answers headers over the size limit 431 in the one shape', async () => {
      const raw = await sendRaw(
        port,
        `GET /healthz HTTP/1.1\r\nHost: localhost\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(raw.startsWith('HTTP/1.1 431 ')).toBe(true);
      expect(bodyOfRaw(raw)).toEqual({
        error: { code: 'SERVER_HEADERS_TOO_LARGE', message: expect.any(String) },
      });
    });
  },
);
