import fc from 'fast-check';
import { dump } from 'js-yaml';
import { FIXTURES } from './fixtures.js';

// Generators for fuzzing: JSON values, spec-shaped documents, YAML-like text and endpoint sketches.
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
);
/** Any JSON value, including objects with keys such as `__proto__` and deep-ish nesting. */
export const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }),
  fc.anything({ maxDepth: 4, values: [scalar], stringUnit: 'binary' }),
);
/** `$ref` strings: empty, root, self-naming, escaped, remote and random. */
export const refText = fc.oneof(
  fc.constantFrom(
    '#',
    '#/',
    '#/paths',
    '#/components/schemas/A',
    '#/definitions/A',
    '#/components/schemas/Pet',
    '#/paths/~1pet/put',
    '#/a~2b/%zz',
    '',
    'other.yaml#/A',
    'https://example.com/x.json#/y',
  ),
  fc.string(),
  fc.string().map((tail) => `#/${tail}`),
);
const statusKey = fc.oneof(
  fc.constantFrom('200', '201', '4XX', 'default', '99', '600', 'x-ext'),
  fc.string(),
);
const schema = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.record({
      type: fc.constantFrom('string', 'integer', 'number', 'boolean', 'null', ['string', 'null']),
    }),
    fc.record({ $ref: refText }),
    fc.record(
      {
        type: fc.constantFrom('object', 'array', 'nope'),
        properties: fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }),
        items: tie('node'),
        allOf: fc.array(tie('node'), { maxLength: 2 }),
        oneOf: fc.array(tie('node'), { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('node')),
        required: fc.array(fc.string(), { maxLength: 2 }),
        enum: fc.array(scalar, { maxLength: 3 }),
        nullable: fc.boolean(),
        example: anyJson,
      },
      { requiredKeys: [] },
    ),
    anyJson,
  ),
})).node;
const operation = fc.record(
  {
    operationId: fc.oneof(fc.constantFrom('same', 'other'), fc.string()),
    tags: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), anyJson),
    parameters: fc.array(
      fc.oneof(
        fc.record(
          {
            name: fc.constantFrom('id', 'q', ''),
            in: fc.constantFrom('path', 'query', 'header', 'cookie', 'body', 'formData', 'x'),
            required: fc.boolean(),
            schema,
            type: fc.constantFrom('string', 'array', 'file'),
          },
          { requiredKeys: ['name', 'in'] },
        ),
        fc.record({ $ref: refText }),
        anyJson,
      ),
      { maxLength: 3 },
    ),
    requestBody: fc.oneof(
      fc.record({
        content: fc.dictionary(fc.constantFrom('application/json', '*/*', 'x'), fc.record({ schema })),
      }),
      anyJson,
    ),
    responses: fc.oneof(
      fc.dictionary(statusKey, fc.oneof(fc.record({ description: fc.string(), schema }), anyJson), {
        maxKeys: 3,
      }),
      anyJson,
    ),
  },
  { requiredKeys: [] },
);
const pathKey = fc.oneof(fc.constantFrom('/', '/pets/{id}', '/{a}/{a}', '/x/{', 'nope'), fc.string());
const methodKey = fc.constantFrom('get', 'post', 'delete', 'trace', 'parameters', '$ref', 'x-a', 'GET');
const specShaped = fc
  .record({
    head: fc.constantFrom({ openapi: '3.0.3' }, { openapi: '3.1.0' }, { swagger: '2.0' }, { openapi: 3 }, {}),
    info: fc.oneof(fc.record({ title: fc.string(), version: fc.string() }), anyJson),
    paths: fc.oneof(fc.dictionary(pathKey, fc.dictionary(methodKey, fc.oneof(operation, anyJson))), anyJson),
    components: fc.record({ schemas: fc.dictionary(fc.constantFrom('A', 'B', 'Pet'), schema) }),
    definitions: fc.dictionary(fc.constantFrom('A', 'B'), schema),
  })
  .map(({ head, ...rest }) => ({ ...head, ...rest }));
/** Documents shaped like specs (as objects, JSON text or YAML text) and arbitrary JSON values. */
export const specInput = fc.oneof(
  specShaped,
  anyJson,
  specShaped.map((doc) => JSON.stringify(doc)),
  specShaped.map((doc) => dump(doc)),
);

const yamlToken = fc.constantFrom(
  ...['openapi: 3.0.3', 'swagger: "2.0"', 'paths:', '/a/{id}:', 'get:', 'responses:', '"200":', '$ref: "#/"'],
  ...[
    '&a',
    '*a',
    '<<: *a',
    '<<: [*a, *b]',
    '&b {x: 1}',
    '*missing',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '- ',
    '? ',
  ],
  ...['|', '>-', '#', '"', "'", '---', '...', '!!str', '!!binary', '!!js/function', '!x', '%YAML 1.2', '~'],
  ...['null', 'true', '0x1F', '1e9', '.nan', '2001-12-14', '\\u0000', '\t'],
);
const yamlLine = fc.tuple(
  fc.constantFrom('', ' ', '  ', '    ', '\t', ' \t'),
  fc.array(fc.oneof(yamlToken, fc.string({ maxLength: 4 })), { maxLength: 5 }),
);
const yamlSoup = fc
  .array(yamlLine, { maxLength: 25 })
  .map((lines) => lines.map(([pad, parts]) => pad + parts.join(' ')).join('\n'));
const yamlWithAliases = fc
  .tuple(anyJson, anyJson, fc.string())
  .map(
    ([first, second, title]) =>
      `openapi: 3.0.3\ninfo: &info\n  title: ${JSON.stringify(title)}\n  version: "1"\nx-base: &a\n` +
      `  get: ${JSON.stringify(first)}\npaths:\n  /x:\n    <<: *a\n  /y: *a\n  /z:\n` +
      `    <<: [*a, {post: ${JSON.stringify(second)}}]\n    summary: *info\n`,
  );
/** Random strings, `{`-prefixed near-JSON, YAML token soup and YAML with anchors and merge keys. */
export const textInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ maxLength: 200 }).map((tail) => `{${tail}`),
  yamlSoup,
  yamlWithAliases,
);

const endpoint = fc.record(
  {
    method: fc.oneof(
      fc.constantFrom('get', 'POST', 'Patch', 'delete', 'head', 'trace', 'connect', '', ' get'),
      fc.string(),
    ),
    path: fc.oneof(
      fc.constantFrom('/', '/pets/:id', '/pets/{id}', '/a/{b}/{b}', '/{', '/:', 'pets', '//x', '/a/:id.:x'),
      fc.string(),
    ),
    summary: fc.oneof(fc.string(), anyJson),
    tags: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), anyJson),
    body: anyJson,
    responses: fc.oneof(fc.dictionary(statusKey, anyJson, { maxKeys: 3 }), anyJson),
  },
  { requiredKeys: ['method', 'path'] },
);
/** buildSpec arguments: plausible and absurd endpoint sketches, info and options. */
export const buildArgs = fc.record(
  {
    endpoints: fc.oneof(
      fc.array(fc.oneof({ weight: 4, arbitrary: endpoint }, anyJson), { maxLength: 6 }),
      anyJson,
    ),
    info: fc.oneof(
      fc.record({ title: fc.string(), version: fc.string(), description: fc.string() }),
      anyJson,
    ),
    options: fc.oneof(fc.record({ version: fc.constantFrom('3.0.3', '3.1.0', '2.0') }), anyJson),
  },
  { requiredKeys: ['endpoints'] },
);

const optionsOfAnyShape = fc.oneof(
  anyJson,
  fc.record(
    {
      strict: anyJson,
      baseUrl: anyJson,
      multiline: anyJson,
      compactBody: anyJson,
      describe: anyJson,
      version: anyJson,
    },
    { requiredKeys: [] },
  ),
);

/** Whole argument values of the wrong shape, around real specs too, for the tools' argument handling. */
export const malformedArgs = fc.oneof(
  anyJson,
  fc.constant(undefined),
  fc.record(
    {
      spec: fc.oneof(anyJson, fc.constantFrom(...FIXTURES.map((fixture) => fixture.text))),
      options: optionsOfAnyShape,
      method: fc.oneof(fc.constantFrom('get', 'POST'), anyJson),
      path: fc.oneof(fc.constantFrom('/pet', '/pet/{petId}', '/pets/42'), anyJson),
      operationId: fc.oneof(fc.constantFrom('addPet', 'getPetById'), anyJson),
      specA: anyJson,
      specB: anyJson,
      from: anyJson,
      to: anyJson,
      endpoints: anyJson,
      info: anyJson,
    },
    { requiredKeys: [] },
  ),
);
