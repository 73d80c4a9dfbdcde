import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleRequest } from './example-request.js';

const run = promisify(execFile);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Runs a curl line exactly as a user would paste it into `sh`, with the credentials in the environment. */
async function runCurl(curl: string): Promise<Received> {
  const before = received.length;
  const env = { PATH: '/usr/bin:/bin', TOKEN: 'test-token-123', API_KEY: 'key-123' };
  await run('sh', ['-c', `${curl} --silent --show-error --fail --output /dev/null`], {
    env,
    timeout: 20_000,
  });
  expect(received.length).toBe(before + 1);
  return received[before] as Received;
}

const tricky = `it's "quoted" $HOME \`whoami\` \\ back`;

const openapi = {
  openapi: '3.0.3',
  info: { title: 'Items', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com/v1' }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearer: [] }],
  paths: {
    '/orgs/{org}/items/{itemId}': {
      parameters: [
        { name: 'org', in: 'path', required: true, schema: { type: 'string' }, example: "acme & co/it's" },
      ],
      post: {
        operationId: 'createItem',
        parameters: [
          { name: 'itemId', in: 'path', required: true, schema: { type: 'integer', minimum: 5 } },
          { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: 'a b&c=d ü' },
          {
            name: 'tags',
            in: 'query',
            schema: { type: 'array', items: { type: 'string' } },
            example: ['x', 'y z'],
          },
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } },
          { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'X-Note', in: 'header', schema: { type: 'string' }, example: tricky },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name'],
                properties: {
                  id: { type: 'integer', readOnly: true },
                  name: { type: 'string', example: tricky },
                  count: { type: 'integer', minimum: 1 },
                  when: { type: 'string', format: 'date-time' },
                },
              },
            },
          },
        },
        responses: {
          '201': { description: 'created', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
};

describe('exampleRequest curl commands run in a POSIX shell', () => {
  it('sends exactly the method, path, query, headers and JSON body it describes', async () => {
    const result = exampleRequest({ spec: openapi, operationId: 'createItem', options: { baseUrl } });
    expect(result.errors).toEqual([]);
    expect(result.body).toEqual({ name: tricky, count: 1, when: '2024-01-01T00:00:00Z' });
    const got = await runCurl(result.curl);
    expect(got.method).toBe('POST');
    const url = new URL(got.url, 'http://placeholder');
    expect(url.pathname).toBe("/v1/orgs/acme%20%26%20co%2Fit's/items/5");
    expect(url.pathname.split('/').map(decodeURIComponent)).toEqual([
      '',
      'v1',
      'orgs',
      "acme & co/it's",
      'items',
      '5',
    ]);
    expect([...url.searchParams]).toEqual([
      ['q', 'a b&c=d ü'],
      ['tags', 'x'],
      ['tags', 'y z'],
    ]);
    expect(got.headers.authorization).toBe('Bearer test-token-123');
    expect(got.headers['x-request-id']).toBe('123e4567-e89b-42d3-a456-426614174000');
    expect(got.headers['x-note']).toBe(tricky);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers.accept).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual(result.body);
    expect(result.url).toBe(
      `${baseUrl}/orgs/acme%20%26%20co%2Fit's/items/5?q=a%20b%26c%3Dd%20%C3%BC&tags=x&tags=y%20z`,
    );
  });

  it('runs on one line too, with an API key placeholder in the query and a form body', async () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Forms', version: '1' },
      host: 'example.com',
      securityDefinitions: { key: { type: 'apiKey', in: 'query', name: 'api_key' } },
      paths: {
        '/forms': {
          put: {
            security: [{ key: [] }],
            consumes: ['application/x-www-form-urlencoded'],
            parameters: [
              { name: 'title', in: 'formData', type: 'string', default: tricky },
              {
                name: 'ids',
                in: 'formData',
                type: 'array',
                items: { type: 'integer' },
                collectionFormat: 'multi',
              },
            ],
            responses: { '204': { description: 'done' } },
          },
        },
      },
    };
    const result = exampleRequest({
      spec: swagger,
      method: 'put',
      path: '/forms',
      options: { baseUrl, multiline: false },
    });
    expect(result.curl).not.toContain('\n');
    expect(result.url).toBe(`${baseUrl}/forms?api_key=$API_KEY`);
    const got = await runCurl(result.curl);
    expect(got.method).toBe('PUT');
    const url = new URL(got.url, 'http://placeholder');
    expect(url.searchParams.get('api_key')).toBe('key-123');
    expect(got.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect([...new URLSearchParams(got.body)]).toEqual([
      ['title', tricky],
      ['ids', '0'],
    ]);
  });

  it('sends multipart fields literally and HEAD without waiting for a body', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Uploads', version: '1' },
      paths: {
        '/upload': {
          head: { responses: { '200': { description: 'ok' } } },
          post: {
            requestBody: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: {
                      note: { type: 'string', example: '@not-a-file <nor this>' },
                      tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
                    },
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const upload = exampleRequest({ spec, method: 'POST', path: '/upload', options: { baseUrl } });
    const got = await runCurl(upload.curl);
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(got.body).toContain('@not-a-file <nor this>');
    expect(got.body.match(/name="tags"/g)).toHaveLength(2);
    const head = exampleRequest({ spec, method: 'HEAD', path: '/upload', options: { baseUrl } });
    expect(head.curl.startsWith('curl --head ')).toBe(true);
    expect((await runCurl(head.curl)).method).toBe('HEAD');
  });
});
