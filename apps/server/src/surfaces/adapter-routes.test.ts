import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorCodeOf,
  FIXTURE_ENV,
  type SignedInUser,
  signUpWithRoles,
} from '../testing/access-test-fixtures.js';
import { testDatabaseTargets } from '../testing/test-databases.js';
import { createTestServer, type TestServer } from '../testing/test-server.js';

const PETS_V1 = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets': {
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { 200: { description: 'OK' } },
      },
      post: {
        operationId: 'addPet',
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        responses: { 201: { description: 'Created' } },
      },
    },
  },
};
const PETS_V2 = { ...PETS_V1, paths: { '/pets': { get: PETS_V1.paths['/pets'].get } } };

describe.each(testDatabaseTargets())('adapter route with the built-in adapters on $name', (target) => {
  let server: TestServer;
  let developer: SignedInUser;
  let staff: SignedInUser;
  let member: SignedInUser;

  beforeAll(async () => {
    server = await createTestServer(target, FIXTURE_ENV);
    developer = await signUpWithRoles(server.app, 'dev@example.com', ['member', 'developer']);
    staff = await signUpWithRoles(server.app, 'staff@example.com', ['member', 'staff']);
    member = await signUpWithRoles(server.app, 'member@example.com', ['member']);
  });
  afterAll(async () => server?.close());

  const call = (user: SignedInUser | null, path: string, payload?: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/api/adapters/${path}`,
      headers: user ? { cookie: user.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers 401 to anonymous callers and 403 without run_adapter', async () => {
    const anonymous = await call(null, 'spec/validate', { spec: PETS_V1 });
    expect([anonymous.statusCode, errorCodeOf(anonymous)]).toEqual([401, 'GATE_UNAUTHENTICATED']);
    const asMember = await call(member, 'spec/validate', { spec: PETS_V1 });
    expect([asMember.statusCode, errorCodeOf(asMember)]).toEqual([403, 'GATE_FORBIDDEN']);
    expect(asMember.json().error.details).toEqual({ permission: 'run_adapter' });
    expect((await call(staff, 'spec/validate', { spec: PETS_V1 })).statusCode).toBe(200);
    // Authorisation runs before the body is validated: bad arguments from strangers are still 401.
    const anonymousBadBody = await call(null, 'spec/validate', { nonsense: true });
    expect([anonymousBadBody.statusCode, errorCodeOf(anonymousBadBody)]).toEqual([
      401,
      'GATE_UNAUTHENTICATED',
    ]);
    const memberBadBody = await call(member, 'spec/validate', { nonsense: true });
    expect(memberBadBody.statusCode).toBe(403);
  });

  it('answers 404 for unknown systems and functions, prototype names included', async () => {
    for (const path of [
      'nope/validate',
      'spec/nope',
      '__proto__/constructor',
      'spec/constructor',
      'spec/toString',
      'spec/hasOwnProperty',
    ]) {
      const response = await call(developer, path, {});
      expect([response.statusCode, errorCodeOf(response)], path).toEqual([404, 'CAP_NOT_FOUND']);
    }
    // Anonymous callers learn nothing about which systems exist.
    expect((await call(null, 'nope/validate', {})).statusCode).toBe(401);
  });

  it('answers 400 with details when the arguments break the schema', async () => {
    const missing = await call(developer, 'spec/validate', {});
    expect([missing.statusCode, errorCodeOf(missing)]).toEqual([400, 'CAP_INVALID_ARGS']);
    expect(missing.json().error.details.issues).toEqual([
      { path: '', message: "must have required property 'spec'" },
    ]);
    const extra = await call(developer, 'spec/validate', {
      spec: PETS_V1,
      options: { strict: true, verbose: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.details.issues[0].path).toBe('/options');
    const noBody = await call(developer, 'spec/validate');
    expect(noBody.statusCode).toBe(400);
    const diffOnePair = await call(developer, 'spec/diff', { from: PETS_V1 });
    expect(diffOnePair.statusCode).toBe(400);
    const notObject = await server.app.inject({
      method: 'POST',
      url: '/api/adapters/spec/validate',
      headers: { cookie: developer.cookie, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(notObject.statusCode).toBe(400);
  });

  it("spec.validate validates a real spec: this server's own OpenAPI document", async () => {
    const own = (await server.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const response = await call(developer, 'spec/validate', { spec: own });
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.counts.operations).toBeGreaterThan(5);
  });

  it('spec.validate reports problems as data, not as an error status', async () => {
    const response = await call(developer, 'spec/validate', {
      spec: 'openapi: 3.0.3\ninfo: { title: Pets }\npaths: {}\n',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.valid).toBe(false);
    expect(response.json().result.errors[0]).toMatchObject({
      code: 'SPEC_INFO_VERSION_MISSING',
      path: '/info',
      line: 2,
    });
  });

  it('runs the other spec functions', async () => {
    const diffed = (await call(developer, 'spec/diff', { from: PETS_V1, to: PETS_V2 })).json().result;
    expect(diffed.removed).toEqual(['POST /pets']);
    expect(diffed.breaking.length).toBeGreaterThan(0);
    const listed = (await call(developer, 'spec/listEndpoints', { spec: PETS_V1 })).json().result;
    expect(listed.endpoints.map((e: { operationId: string }) => e.operationId)).toEqual([
      'listPets',
      'addPet',
    ]);
    const example = (
      await call(developer, 'spec/exampleRequest', {
        spec: PETS_V1,
        operationId: 'addPet',
        options: { baseUrl: 'http://api.test', multiline: false },
      })
    ).json().result;
    expect(example.curl).toContain("curl -X POST 'http://api.test/pets'");
    const markdown = (await call(developer, 'spec/toMarkdown', { spec: PETS_V1 })).json().result;
    expect(markdown.mode).toBe('heuristic');
    expect(markdown.markdown).toContain('# Pets');
    const built = (
      await call(developer, 'spec/buildSpec', { endpoints: [{ method: 'get', path: '/pets/:id' }] })
    ).json().result;
    expect(Object.keys(built.spec.paths)).toEqual(['/pets/{id}']);
    expect((await call(developer, 'spec/validate', { spec: built.json })).json().result.valid).toBe(true);
  });

  it('lists systems, functions and argument schemas to signed-in users', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/adapters' })).statusCode).toBe(401);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/adapters',
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(200);
    const systems: { system: string; functions: { name: string; argsSchema: { required?: string[] } }[] }[] =
      response.json().systems;
    expect(systems.map((s) => s.system)).toEqual(['activity-pages', 'docs', 'dreamer', 'lmx', 'spec']);
    const spec = systems.find((s) => s.system === 'spec');
    expect(spec?.functions.map((f) => f.name)).toEqual([
      'buildSpec',
      'diff',
      'exampleRequest',
      'listEndpoints',
      'toMarkdown',
      'validate',
    ]);
    expect(spec?.functions.find((f) => f.name === 'validate')?.argsSchema.required).toEqual(['spec']);
  });
});
