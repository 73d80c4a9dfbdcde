import { describe, expect, it } from 'vitest';
import { PETSTORE, runInProcess } from '../../testing/run-in-process.js';

describe('svc spec example', () => {
  it('prints a curl command for an operationId', async () => {
    const run = await runInProcess(['spec', 'example', PETSTORE, '--operation-id', 'createPet']);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^curl -X POST 'https:\/\/api\.petstore\.example\.com\/v1\/pets' \\\n/);
    expect(run.stdout).toContain('"name": "Rex"');
  });

  it('picks an operation by method and concrete path, against another base URL', async () => {
    const run = await runInProcess([
      'spec',
      'example',
      PETSTORE,
      '--method',
      'get',
      '--path',
      '/pets/42',
      '--base-url',
      'http://localhost:8080/v1',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^curl -X GET 'http:\/\/localhost:8080\/v1\/pets\/42'/);
  });

  it('prints the exampleRequest result as JSON with --json', async () => {
    const run = await runInProcess(['spec', 'example', PETSTORE, '--operation-id', 'placeOrder', '--json']);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      method: 'POST',
      url: 'https://api.petstore.example.com/v1/orders',
      errors: [],
    });
    expect(result.curl).toContain('curl -X POST');
  });

  it('exits 2 for an operation the spec does not have', async () => {
    const run = await runInProcess(['spec', 'example', PETSTORE, '--operation-id', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('SPEC_OPERATION_NOT_FOUND');
  });

  it.each([
    [[], 'choose the operation with --operation-id'],
    [['--method', 'get'], '--method needs --path'],
    [['--path', '/pets'], '--path needs --method'],
    [['--operation-id', 'getPet', '--method', 'get'], 'not both'],
  ])('rejects the selection %j as a usage error', async (flags, message) => {
    const run = await runInProcess(['spec', 'example', PETSTORE, ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
