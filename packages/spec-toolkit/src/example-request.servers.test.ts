import { describe, expect, it } from 'vitest';
import { exampleRequest } from './example-request.js';

const ok = { '200': { description: 'ok' } };
const spec31 = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths,
  ...extra,
});

describe('exampleRequest base URL', () => {
  const get = { '/x': { get: { responses: ok } } };

  it('uses the first server with its variables set to their defaults', () => {
    const servers = [
      {
        url: 'https://{region}.example.com:{port}/{base}/',
        variables: {
          region: { default: 'eu' },
          port: { enum: ['8443'], default: '8443' },
          base: { default: 'v2' },
        },
      },
    ];
    expect(exampleRequest({ spec: spec31(get, { servers }) }).url).toBe('https://eu.example.com:8443/v2/x');
  });

  it('prefers operation and path-item servers, places relative servers under localhost, and lets baseUrl win', () => {
    const paths = {
      '/x': {
        servers: [{ url: 'https://path.example' }],
        get: { servers: [{ url: '/relative' }], responses: ok },
        put: { responses: ok },
      },
    };
    const spec = spec31(paths, { servers: [{ url: 'https://doc.example' }] });
    expect(exampleRequest({ spec, method: 'GET', path: '/x' }).url).toBe('http://localhost/relative/x');
    expect(exampleRequest({ spec, method: 'PUT', path: '/x' }).url).toBe('https://path.example/x');
    expect(
      exampleRequest({ spec, method: 'PUT', path: '/x', options: { baseUrl: 'http://127.0.0.1:9/api/' } })
        .url,
    ).toBe('http://127.0.0.1:9/api/x');
  });

  it('builds Swagger 2.0 URLs from schemes, host and basePath, and defaults to http://localhost', () => {
    const swagger = { swagger: '2.0', info: { title: 'T', version: '1' }, paths: get };
    expect(
      exampleRequest({ spec: { ...swagger, host: 'h.example', basePath: '/b', schemes: ['https', 'http'] } })
        .url,
    ).toBe('https://h.example/b/x');
    expect(exampleRequest({ spec: { ...swagger, host: 'h.example' } }).url).toBe('http://h.example/x');
    expect(exampleRequest({ spec: { ...swagger, basePath: '/b' } }).url).toBe('http://localhost/b/x');
    expect(exampleRequest({ spec: spec31(get) }).url).toBe('http://localhost/x');
  });
});

describe('exampleRequest credentials', () => {
  const schemes = {
    bearer: { type: 'http', scheme: 'bearer' },
    basic: { type: 'http', scheme: 'basic' },
    header: { type: 'apiKey', in: 'header', name: 'X-Key' },
    query: { type: 'apiKey', in: 'query', name: 'key' },
    cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
    oauth: { type: 'oauth2', flows: {} },
    oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example' },
  };
  const call = (security: unknown, global?: unknown) => {
    const operation = security === undefined ? { responses: ok } : { security, responses: ok };
    const extra = {
      components: { securitySchemes: schemes },
      ...(global === undefined ? {} : { security: global }),
    };
    return exampleRequest({ spec: spec31({ '/x': { get: operation } }, extra) });
  };

  it('writes a placeholder per scheme type', () => {
    expect(call([{ bearer: [] }]).headers).toEqual({ Authorization: 'Bearer $TOKEN' });
    expect(call([{ basic: [] }]).headers).toEqual({ Authorization: 'Basic $BASIC_AUTH' });
    expect(call([{ header: [] }]).headers).toEqual({ 'X-Key': '$API_KEY' });
    expect(call([{ query: [] }]).url).toBe('http://localhost/x?key=$API_KEY');
    expect(call([{ cookie: [] }]).headers).toEqual({ Cookie: 'sid=$API_KEY' });
    expect(call([{ oauth: ['read'] }]).headers).toEqual({ Authorization: 'Bearer $TOKEN' });
    expect(call([{ oidc: [] }]).headers).toEqual({ Authorization: 'Bearer $TOKEN' });
    expect(call([{ bearer: [] }]).curl).toContain(`-H "Authorization: Bearer $TOKEN"`);
  });

  it('uses the global default, honours an explicit empty list and skips the anonymous alternative', () => {
    expect(call(undefined, [{ basic: [] }]).headers).toEqual({ Authorization: 'Basic $BASIC_AUTH' });
    expect(call([], [{ basic: [] }]).headers).toEqual({});
    expect(call([{}, { header: [] }]).headers).toEqual({ 'X-Key': '$API_KEY' });
    expect(call([{ header: [], query: [] }]).url).toBe('http://localhost/x?key=$API_KEY');
  });
});
