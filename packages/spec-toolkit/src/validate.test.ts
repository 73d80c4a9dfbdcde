import { describe, expect, it } from 'vitest';
import type { Diagnostic } from './types.js';
import { validate } from './validate.js';

const v30 = (extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
  ...extra,
});

const v20 = () => ({
  swagger: '2.0',
  info: { title: 'Pets', version: '1.0.0' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'petId', in: 'path', required: true, type: 'string' }],
        responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
      },
    },
  },
  definitions: { Pet: { type: 'object' } },
});

const v31 = () => ({ ...v30(), openapi: '3.1.0' });

const codes = (list: Diagnostic[]) => list.map((d) => d.code);

describe('validate', () => {
  it.each([
    ['2.0', v20()],
    ['3.0', v30()],
    ['3.1', v31()],
  ])('accepts a well-formed %s document with no errors or warnings', (version, doc) => {
    const result = validate({ spec: doc });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result).toMatchObject({ valid: true, version, counts: { errors: 0, paths: 1, operations: 1 } });
  });

  it('reports a missing version, and an unsupported one at its field', () => {
    const missing = v30() as Record<string, unknown>;
    delete missing.openapi;
    expect(codes(validate({ spec: missing }).errors)).toEqual(['SPEC_VERSION_MISSING']);
    const result = validate({ spec: { ...v30(), openapi: '4.0.0' } });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_VERSION_UNSUPPORTED', path: '/openapi' }),
    ]);
    expect(validate({ spec: { ...v20(), swagger: '1.2' } }).errors[0]?.code).toBe('SPEC_VERSION_UNSUPPORTED');
  });

  it.each([
    ['2.0', v20],
    ['3.0', v30],
    ['3.1', v31],
  ])('reports missing info, title and version once each in %s', (_version, make) => {
    const noInfo = make() as Record<string, unknown>;
    delete noInfo.info;
    expect(codes(validate({ spec: noInfo }).errors)).toEqual(['SPEC_INFO_MISSING']);
    const noTitle = make();
    noTitle.info = { version: '1' } as never;
    expect(validate({ spec: noTitle }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_INFO_TITLE_MISSING', path: '/info' }),
    ]);
    const noVersion = make();
    noVersion.info = { title: 'x' } as never;
    expect(codes(validate({ spec: noVersion }).errors)).toEqual(['SPEC_INFO_VERSION_MISSING']);
  });

  it('requires paths in 2.0 and 3.0, and paths, webhooks or components in 3.1', () => {
    const without = (doc: Record<string, unknown>) => {
      delete doc.paths;
      return doc;
    };
    expect(codes(validate({ spec: without(v20()) }).errors)).toEqual(['SPEC_PATHS_MISSING']);
    expect(codes(validate({ spec: without(v30()) }).errors)).toEqual(['SPEC_PATHS_MISSING']);
    expect(validate({ spec: without(v31()) }).valid).toBe(true); // components is there
    const bare = without(v31());
    delete bare.components;
    expect(codes(validate({ spec: bare }).errors)).toEqual(['SPEC_PATHS_MISSING']);
    expect(validate({ spec: { ...bare, webhooks: {} } }).valid).toBe(true);
  });

  it.each([
    ['2.0', v20],
    ['3.0', v30],
  ])('reports an operation without responses, and with empty responses, in %s', (_version, make) => {
    const missing = make();
    delete (missing.paths['/pets/{petId}'].get as Record<string, unknown>).responses;
    expect(validate({ spec: missing }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_RESPONSES_MISSING', path: '/paths/~1pets~1{petId}/get' }),
    ]);
    const empty = make();
    (empty.paths['/pets/{petId}'].get as Record<string, unknown>).responses = {};
    expect(validate({ spec: empty }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_RESPONSES_EMPTY', path: '/paths/~1pets~1{petId}/get/responses' }),
    ]);
  });

  it('treats missing responses in 3.1 as a warning (optional there) but empty responses as an error', () => {
    const missing = v31();
    delete (missing.paths['/pets/{petId}'].get as Record<string, unknown>).responses;
    const result = validate({ spec: missing });
    expect(result.valid).toBe(true);
    expect(codes(result.warnings)).toEqual(['SPEC_RESPONSES_MISSING']);
    const empty = v31();
    (empty.paths['/pets/{petId}'].get as Record<string, unknown>).responses = {};
    expect(codes(validate({ spec: empty }).errors)).toEqual(['SPEC_RESPONSES_EMPTY']);
  });

  it.each([
    ['2.0', v20],
    ['3.0', v30],
    ['3.1', v31],
  ])('reports a duplicate operationId at the second use in %s', (_version, make) => {
    const doc = make() as ReturnType<typeof v30>;
    (doc.paths as Record<string, unknown>)['/other'] = {
      get: { operationId: 'getPet', responses: { '200': { description: 'ok' } } },
    };
    expect(validate({ spec: doc }).errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_OPERATION_ID_DUPLICATE',
        path: '/paths/~1other/get/operationId',
      }),
    ]);
  });

  it('reports dangling and malformed local refs, and warns on external ones without fetching', () => {
    const doc = v30();
    const schema = doc.paths['/pets/{petId}'].get.responses['200'].content['application/json'];
    schema.schema = { $ref: '#/components/schemas/Missing' };
    const result = validate({ spec: doc });
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_REF_DANGLING',
        path: '/paths/~1pets~1{petId}/get/responses/200/content/application~1json/schema/$ref',
        message: expect.stringContaining('#/components/schemas has no "Missing"'),
      }),
    ]);
    schema.schema = { $ref: '#components/schemas/Pet' };
    expect(codes(validate({ spec: doc }).errors)).toEqual(['SPEC_REF_MALFORMED']);
    schema.schema = { $ref: 'https://example.com/pet.json#/Pet' };
    const external = validate({ spec: doc });
    expect(external.valid).toBe(true);
    expect(codes(external.warnings)).toEqual(['SPEC_REF_EXTERNAL']);
  });

  it('resolves percent-encoded and ~-escaped ref pointers', () => {
    const doc = v30();
    (doc.components.schemas as Record<string, unknown>)['a/b c'] = { type: 'string' };
    doc.paths['/pets/{petId}'].get.responses['200'].content['application/json'].schema = {
      $ref: '#/components/schemas/a~1b%20c',
    };
    expect(validate({ spec: doc }).errors).toEqual([]);
  });

  it('accepts circular references without looping', () => {
    const doc = v30();
    doc.components.schemas.Pet = {
      type: 'object',
      properties: {
        parent: { $ref: '#/components/schemas/Pet' },
        kids: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
      },
    } as never;
    (doc.components.schemas as Record<string, unknown>).Loop = { $ref: '#/components/schemas/Loop' };
    expect(validate({ spec: doc }).valid).toBe(true);
  });

  it('treats a $ref inside example data as data, and a property named "default" or "example" as a name', () => {
    const doc = v30();
    doc.components.schemas.Pet = {
      type: 'object',
      properties: { default: { $ref: '#/components/schemas/Nope' }, example: { type: 'string' } },
      example: { $ref: '#/not/a/reference' },
      default: { $ref: '#/nor/this' },
    } as never;
    const errors = validate({ spec: doc }).errors;
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_REF_DANGLING',
        path: '/components/schemas/Pet/properties/default/$ref',
      }),
    ]);
  });

  it('checks refs to examples but not the data inside an example value', () => {
    const doc = v30();
    doc.paths['/pets/{petId}'].get.responses['200'].content['application/json'] = {
      schema: { type: 'object' },
      examples: { one: { value: { $ref: '#/data' } }, two: { $ref: '#/components/examples/Missing' } },
    } as never;
    expect(validate({ spec: doc }).errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_REF_DANGLING',
        path: expect.stringContaining('/examples/two/$ref'),
      }),
    ]);
  });

  it('reports template parameters that are not declared and declared ones not in the template', () => {
    const doc = v30();
    doc.paths['/pets/{petId}'].get.parameters = [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ];
    const result = validate({ spec: doc });
    expect(codes(result.errors).sort()).toEqual(['SPEC_PATH_PARAM_UNDECLARED', 'SPEC_PATH_PARAM_UNUSED']);
    expect(result.errors.find((e) => e.code === 'SPEC_PATH_PARAM_UNUSED')?.path).toBe(
      '/paths/~1pets~1{petId}/get/parameters/0',
    );
  });

  it('accepts path parameters declared at the path level or through a $ref', () => {
    const doc = v30();
    const item = doc.paths['/pets/{petId}'] as Record<string, unknown>;
    item.parameters = [{ $ref: '#/components/parameters/PetId' }];
    (item.get as Record<string, unknown>).parameters = [];
    (doc.components as Record<string, unknown>).parameters = {
      PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
    };
    expect(validate({ spec: doc }).errors).toEqual([]);
  });

  it('reports duplicate parameters (name and in) in one list', () => {
    const doc = v20();
    doc.paths['/pets/{petId}'].get.parameters.push(
      { name: 'q', in: 'query', type: 'string' } as never,
      { name: 'q', in: 'query', type: 'integer' } as never,
    );
    expect(validate({ spec: doc }).errors).toEqual([
      expect.objectContaining({
        code: 'SPEC_PARAMETER_DUPLICATE',
        path: '/paths/~1pets~1{petId}/get/parameters/2',
      }),
    ]);
  });

  it('reports structural violations against the official schema', () => {
    const doc = v30();
    (doc.paths['/pets/{petId}'].get as Record<string, unknown>).summary = 42;
    (doc.paths['/pets/{petId}'].get as Record<string, unknown>).colour = 'red';
    (doc.paths['/pets/{petId}'].get.parameters[0] as Record<string, unknown>).in = 'body';
    const errors = validate({ spec: doc }).errors;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'SPEC_SCHEMA_TYPE', path: '/paths/~1pets~1{petId}/get/summary' }),
        expect.objectContaining({
          code: 'SPEC_SCHEMA_UNKNOWN_PROPERTY',
          path: '/paths/~1pets~1{petId}/get/colour',
        }),
      ]),
    );
    expect(errors.some((e) => e.path.startsWith('/paths/~1pets~1{petId}/get/parameters/0'))).toBe(true);
  });

  it('gives line and column for YAML text, and reports parse errors with their place', () => {
    const yaml = [
      'openapi: 3.0.3',
      'info:',
      '  title: Pets',
      'paths:',
      '  /pets:',
      '    get:',
      '      operationId: list',
      '      responses: {}',
      '',
    ].join('\n');
    const result = validate({ spec: yaml });
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'SPEC_INFO_VERSION_MISSING', path: '/info', line: 2, column: 1 }),
      expect.objectContaining({
        code: 'SPEC_RESPONSES_EMPTY',
        path: '/paths/~1pets/get/responses',
        line: 8,
        column: 7,
      }),
    ]);
    const broken = validate({ spec: 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n' });
    expect(broken.valid).toBe(false);
    expect(broken.errors[0]).toMatchObject({
      code: 'SPEC_PARSE_ERROR',
      line: expect.any(Number),
      column: expect.any(Number),
    });
  });

  it('gives line and column for JSON text and reports JSON syntax errors', () => {
    const text = JSON.stringify({ ...v30(), info: { title: 'x' } }, null, 2);
    expect(validate({ spec: text }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_INFO_VERSION_MISSING', line: 3, column: 3 }),
    ]);
    expect(validate({ spec: '{\n  "openapi": "3.0.3",\n  "info": }' }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_PARSE_ERROR', line: 3, column: 11 }),
    ]);
  });

  it('supports YAML anchors, aliases and merge keys, and reports duplicate keys', () => {
    const yaml = [
      'openapi: 3.0.3',
      'info: {title: Pets, version: "1"}',
      'x-common: &ok',
      '  description: fine',
      'paths:',
      '  /a:',
      '    get:',
      '      responses:',
      "        '200': *ok",
      '  /b:',
      '    get:',
      '      responses:',
      "        '200':",
      '          <<: *ok',
      '',
    ].join('\n');
    expect(validate({ spec: yaml }).errors).toEqual([]);
    const duplicated = validate({ spec: `${yaml}info: {title: Again, version: "2"}\n` });
    expect(duplicated.errors).toEqual([expect.objectContaining({ code: 'SPEC_DUPLICATE_KEY', line: 15 })]);
    expect(
      validate({
        spec: '{"openapi":"3.0.3","openapi":"3.0.3","info":{"title":"a","version":"1"},"paths":{}}',
      }).errors,
    ).toEqual([
      expect.objectContaining({ code: 'SPEC_DUPLICATE_KEY', path: '/openapi', line: 1, column: 20 }),
    ]);
  });

  it('adds style warnings only in strict mode, never affecting validity', () => {
    const doc = v30({ tags: [] });
    (doc.components.schemas as Record<string, unknown>).Unused = { type: 'string' };
    (doc.paths['/pets/{petId}'].get as Record<string, unknown>).tags = ['pets'];
    expect(validate({ spec: doc }).warnings).toEqual([]);
    const strict = validate({ spec: doc, options: { strict: true } });
    expect(strict.valid).toBe(true);
    expect(codes(strict.warnings).sort()).toEqual([
      'SPEC_STYLE_COMPONENT_UNUSED',
      'SPEC_STYLE_DESCRIPTION_MISSING',
      'SPEC_STYLE_INFO_CONTACT_MISSING',
      'SPEC_STYLE_INFO_DESCRIPTION_MISSING',
      'SPEC_STYLE_LICENSE_MISSING',
      'SPEC_STYLE_NO_4XX_RESPONSE',
      'SPEC_STYLE_NO_SERVERS',
      'SPEC_STYLE_SUMMARY_MISSING',
      'SPEC_STYLE_TAG_UNDECLARED',
    ]);
    expect(strict.warnings.find((w) => w.code === 'SPEC_STYLE_COMPONENT_UNUSED')?.path).toBe(
      '/components/schemas/Unused',
    );
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['   \n'],
    [42],
    [[1, 2]],
    ['just a string'],
    ['- a\n- b\n'],
    [new TextEncoder().encode('openapi: 3.0.3\n')],
  ])('returns errors instead of throwing for %j', (spec) => {
    const result = validate({ spec });
    expect(result.valid).toBe(false);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('refuses a YAML alias bomb quickly instead of walking millions of nodes', () => {
    let bomb = 'openapi: 3.0.3\ninfo: {title: a, version: "1"}\npaths: {}\nx-b:\n  a0: &a0 {type: string}\n';
    for (let level = 1; level < 8; level++)
      bomb += `  a${level}: &a${level} [${Array(9)
        .fill(`*a${level - 1}`)
        .join(', ')}]\n`;
    expect(validate({ spec: bomb }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_ALIAS_EXPANSION' }),
    ]);
  });

  it('reports YAML errors that carry no position at the start of the text', () => {
    expect(validate({ spec: '... (' }).errors).toEqual([
      expect.objectContaining({ code: 'SPEC_PARSE_ERROR', line: 1, column: 1 }),
    ]);
  });

  it('survives a missing argument object', () => {
    expect(validate(undefined as never).errors[0]?.code).toBe('SPEC_INPUT_MISSING');
  });
});

describe('validate on documents with very many findings', () => {
  it('reports 150,000 dangling references as such, not as a document nested too deeply', () => {
    const schemas: Record<string, unknown> = {};
    for (let index = 0; index < 150_000; index++)
      schemas[`S${index}`] = { $ref: `#/components/schemas/Missing${index}` };
    const doc = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas } };
    for (const spec of [doc, JSON.stringify(doc)]) {
      const result = validate({ spec });
      expect(result.errors.filter((error) => error.code === 'SPEC_TOO_DEEP')).toEqual([]);
      expect(result.errors.filter((error) => error.code === 'SPEC_REF_DANGLING')).toHaveLength(150_000);
    }
  });
});
