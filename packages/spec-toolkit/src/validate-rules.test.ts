import { describe, expect, it } from 'vitest';
import { validate } from './validate.js';

// The trial: five real mistakes that validated clean before the rule catalogue.
const FIVE_MISTAKES = `openapi: 3.0.3
info: { title: Pets, version: '1' }
servers:
  - url: https://{region}.pets.test
security:
  - api_key: []
paths:
  /a/{x}:
    get:
      parameters: [{ name: x, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /a/{y}:
    get:
      parameters: [{ name: y, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, properties: { id: { type: integer } } }
              example: { id: one }
components:
  schemas:
    Kind: { type: string, enum: [1, 2] }
`;

describe('validate: the semantic rules', () => {
  it('reports each of the five mistakes of the trial, with line and column', () => {
    const result = validate({ spec: FIVE_MISTAKES, options: { strict: true } });
    const found = [...result.errors, ...result.warnings].map((d) => [d.code, d.path, d.line]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['SPEC_SERVER_VARIABLE_UNDEFINED', '/servers/0/url', 4],
        ['SPEC_SECURITY_SCHEME_UNDEFINED', '/security/0/api_key', 6],
        ['SPEC_PATH_IDENTICAL', '/paths/~1a~1{y}', 12],
        [
          'SPEC_EXAMPLE_INVALID',
          '/paths/~1a~1{y}/get/responses/200/content/application~1json/example',
          expect.any(Number),
        ],
        ['SPEC_ENUM_TYPE_MISMATCH', '/components/schemas/Kind/enum/0', 24],
        ['SPEC_ENUM_TYPE_MISMATCH', '/components/schemas/Kind/enum/1', 24],
      ]),
    );
    expect(result.valid).toBe(false);
  });

  it('says a path parameter must be required, instead of "false is not one of true"', () => {
    const spec = FIVE_MISTAKES.replace(
      '{ name: x, in: path, required: true',
      '{ name: x, in: path, required: false',
    );
    const errors = validate({ spec }).errors.filter((e) => e.path.startsWith('/paths/~1a~1{x}'));
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_PATH_PARAM_NOT_REQUIRED',
        message: expect.stringContaining('must be "required: true"'),
        line: 10,
      }),
    ]);
  });

  it('says so for a 2.0 path parameter without required, instead of a confusing schema branch', () => {
    const spec = {
      swagger: '2.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/a/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', type: 'string' }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    expect(validate({ spec }).errors.map((e) => e.code)).toEqual(['SPEC_PATH_PARAM_NOT_REQUIRED']);
  });

  it('checks examples in the dialect of the version: 3.0 nullable, 3.1 type lists', () => {
    const media = (version: string, schema: object, example: unknown) => ({
      openapi: version,
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: { '200': { description: 'ok', content: { 'application/json': { schema, example } } } },
          },
        },
      },
    });
    const codes = (spec: object) => validate({ spec }).warnings.map((w) => w.code);
    expect(codes(media('3.0.3', { type: 'string', nullable: true }, null))).toEqual([]);
    expect(codes(media('3.0.3', { type: 'string' }, null))).toEqual(['SPEC_EXAMPLE_INVALID']);
    expect(codes(media('3.1.0', { type: ['string', 'null'] }, null))).toEqual([]);
    // 3.1 does not know `nullable`: the example fails, and `nullable` itself is reported.
    expect(codes(media('3.1.0', { type: 'string', nullable: true }, null))).toEqual([
      'SPEC_NULLABLE_REMOVED',
      'SPEC_EXAMPLE_INVALID',
    ]);
  });

  it('resolves a $ref example and a $ref schema first, and reports at the place of use', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/Pet' },
                    examples: {
                      bad: { $ref: '#/components/examples/Bad' },
                      good: { $ref: '#/components/examples/Good' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: {
        schemas: { Pet: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
        examples: { Bad: { value: { name: 'no id' } }, Good: { value: { id: 1 } } },
      },
    };
    expect(validate({ spec }).warnings).toEqual([
      expect.objectContaining({
        code: 'SPEC_EXAMPLE_INVALID',
        path: '/paths/~1a/get/responses/200/content/application~1json/examples/bad',
        message: expect.stringContaining('property "id" is required'),
      }),
    ]);
  });

  it('counts references from 3.0 x-webhooks as uses of a component', () => {
    const spec = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {},
      'x-webhooks': {
        ping: {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Ping' } } },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: { schemas: { Ping: { type: 'object' }, Unused: { type: 'object' } } },
    };
    const unused = validate({ spec, options: { strict: true } }).warnings.filter(
      (w) => w.code === 'SPEC_STYLE_COMPONENT_UNUSED',
    );
    expect(unused.map((w) => w.path)).toEqual(['/components/schemas/Unused']);
  });

  it('gives JSON text findings their line and column when first read, and serialises them', () => {
    const text = JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'T', version: '1' },
        paths: {
          '/a/{x}': {
            get: {
              parameters: [{ name: 'x', in: 'path', required: false }],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
        components: { schemas: { Kind: { type: 'string', enum: [1] } } },
      },
      null,
      2,
    );
    const result = validate({ spec: text });
    expect(result.errors.map((error) => error.code)).toEqual([
      'SPEC_PATH_PARAM_NOT_REQUIRED',
      'SPEC_ENUM_TYPE_MISMATCH',
    ]);
    const lines = text.split('\n');
    const [parameter, kind] = result.errors;
    // The parameter object opens on its line; its name follows.
    expect(lines[(parameter?.line as number) - 1]?.trim()).toBe('{');
    expect(lines[parameter?.line as number]).toContain('"name": "x"');
    expect(lines[(kind?.line as number) - 1]).toContain('1');
    expect(JSON.parse(JSON.stringify(result.errors))[1]).toEqual({
      code: 'SPEC_ENUM_TYPE_MISMATCH',
      message: expect.any(String),
      path: '/components/schemas/Kind/enum/0',
      line: kind?.line,
      column: kind?.column,
    });
  });
});
