import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PETSTORE, runInProcess } from '../../testing/run-in-process.js';

describe('svc spec endpoints', () => {
  it('prints an aligned table of method, path, operationId and summary', async () => {
    const run = await runInProcess(['spec', 'endpoints', PETSTORE]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(
      [
        'METHOD  PATH               OPERATION ID  SUMMARY',
        'GET     /pets              listPets      List pets',
        'POST    /pets              createPet     Add a pet',
        'GET     /pets/{petId}      getPet        Get a pet',
        'PUT     /pets/{petId}      updatePet     Update a pet',
        'DELETE  /pets/{petId}      deletePet     Delete a pet',
        'POST    /orders            placeOrder    Place an order',
        'GET     /orders/{orderId}  getOrder      Get an order',
        '',
      ].join('\n'),
    );
  });

  it('shows a dash for a missing operationId', async () => {
    const spec =
      'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths:\n  /a:\n    get:\n      responses: { "200": { description: ok } }\n';
    const run = await runInProcess(['spec', 'endpoints', '-'], { stdin: spec });
    expect(run.stdout).toBe('METHOD  PATH  OPERATION ID  SUMMARY\nGET     /a    -\n');
  });

  it('prints the listEndpoints result as JSON with --json, from stdin', async () => {
    const run = await runInProcess(['spec', 'endpoints', '-', '--json'], {
      stdin: readFileSync(PETSTORE, 'utf8'),
    });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.endpoints).toHaveLength(7);
    expect(result.endpoints[0]).toMatchObject({ method: 'GET', path: '/pets', operationId: 'listPets' });
  });

  it('says so when a spec has no operations', async () => {
    const run = await runInProcess(['spec', 'endpoints', '-'], {
      stdin: 'openapi: 3.0.3\ninfo: { title: T, version: "1" }\npaths: {}\n',
    });
    expect(run).toEqual({ code: 0, stdout: '<stdin> has no operations.\n', stderr: '' });
  });

  it('exits 2 when the spec cannot be parsed', async () => {
    const run = await runInProcess(['spec', 'endpoints', '-'], { stdin: 'a: [\n' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^<stdin>:\d+:\d+ {2}SPEC_PARSE_ERROR {2}/);
  });
});
