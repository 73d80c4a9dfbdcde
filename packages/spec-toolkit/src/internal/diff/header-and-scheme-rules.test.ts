import { describe, expect, it } from 'vitest';
import { diff } from '../../diff.js';

function spec(
  options: { headers?: unknown; schemes?: unknown; security?: unknown; webhooks?: unknown } = {},
) {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/a': {
        get: {
          ...(options.security === undefined ? {} : { security: options.security }),
          responses: {
            '200': { description: 'ok', ...(options.headers ? { headers: options.headers } : {}) },
          },
        },
      },
    },
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    components: {
      securitySchemes: options.schemes ?? {},
      headers: { Limit: { required: true, schema: { type: 'integer' } } },
    },
  };
}

const ids = (from: unknown, to: unknown) =>
  diff({ from, to }).changes.map((change) => `${change.level} ${change.id} ${change.operation}`);

describe('response headers', () => {
  it('reports removed, added and loosened headers, case-insensitively, through $refs', () => {
    const before = spec({
      headers: {
        'X-Rate-Limit': { $ref: '#/components/headers/Limit' },
        'X-Trace': { schema: { type: 'string' } },
        ETag: { required: true, schema: { type: 'string' } },
      },
    });
    const after = spec({
      headers: {
        'x-rate-limit': { schema: { type: 'integer' } },
        'X-Request-Id': { schema: { type: 'string' } },
      },
    });
    expect(ids(before, after)).toEqual([
      'error response-required-header-removed GET /a',
      'warning response-optional-header-removed GET /a',
      'warning response-header-became-optional GET /a',
      'info response-header-added GET /a',
    ]);
  });
});

describe('security scheme definitions', () => {
  const oauth = (scopes: Record<string, string>, tokenUrl = 'https://a/token') => ({
    type: 'oauth2',
    flows: { clientCredentials: { tokenUrl, scopes } },
  });

  it('reports scope, URL, key and type changes of the schemes an operation uses', () => {
    const before = spec({
      security: [{ oauth: [] }, { key: [] }],
      schemes: {
        oauth: oauth({ read: '', write: '' }),
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      },
    });
    const after = spec({
      security: [{ oauth: [] }, { key: [] }],
      schemes: {
        oauth: oauth({ read: '', admin: '' }, 'https://b/token'),
        key: { type: 'apiKey', in: 'query', name: 'key' },
      },
    });
    expect(ids(before, after)).toEqual([
      'error security-scheme-api-key-changed GET /a',
      'error security-scheme-scope-removed GET /a',
      'warning security-scheme-oauth-url-changed GET /a',
      'info security-scheme-scope-added GET /a',
    ]);
    const basic = spec({ security: [{ key: [] }], schemes: { key: { type: 'http', scheme: 'basic' } } });
    const bearer = spec({ security: [{ key: [] }], schemes: { key: { type: 'http', scheme: 'bearer' } } });
    expect(ids(basic, bearer)).toEqual(['error security-scheme-type-changed GET /a']);
    expect(ids(basic, spec({ security: [{ key: [] }] }))).toEqual(['error security-scheme-removed GET /a']);
  });
});

describe('webhooks', () => {
  it('reports removed and added webhooks by name and method', () => {
    const hook = {
      post: {
        requestBody: { content: { 'application/json': { schema: {} } } },
        responses: { '200': { description: 'ok' } },
      },
    };
    const before = spec({ webhooks: { newPet: hook, oldPet: hook } });
    const after = spec({ webhooks: { newPet: hook, petSold: hook } });
    expect(ids(before, after)).toEqual([
      'error webhook-removed WEBHOOK oldPet POST',
      'info webhook-added WEBHOOK petSold POST',
    ]);
  });
});
