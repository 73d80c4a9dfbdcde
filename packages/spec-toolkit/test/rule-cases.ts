// Test support only (imported by the rule catalogue test): for every rule of the catalogue, a
// document that breaks it and a neighbour that differs only in the fix.

type Doc = Record<string, unknown>;

/** One rule's pair: `bad` must report `id`, `good` must not. */
export interface RuleCase {
  id: string;
  bad: Doc;
  good: Doc;
  strict?: boolean;
}

const ok = { '200': { description: 'ok' } };
const info = { title: 'T', version: '1' };

/** An OpenAPI 3.0 document with these paths and extra root members. */
export const v30 = (paths: Doc = {}, extra: Doc = {}): Doc => ({ openapi: '3.0.3', info, paths, ...extra });
/** An OpenAPI 3.1 document. */
export const v31 = (paths: Doc = {}, extra: Doc = {}): Doc => ({ openapi: '3.1.0', info, paths, ...extra });
/** A Swagger 2.0 document. */
export const v20 = (paths: Doc = {}, extra: Doc = {}): Doc => ({ swagger: '2.0', info, paths, ...extra });

const get = (operation: Doc = {}): Doc => ({ get: { responses: ok, ...operation } });
const pathParam = (name: string, extra: Doc = {}): Doc => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
  ...extra,
});
const withSchema = (schema: Doc, version = v30): Doc =>
  version({}, { components: { schemas: { Pet: schema } } });
const mediaGet = (media: Doc): Doc =>
  v30({
    '/pets': get({ responses: { '200': { description: 'ok', content: { 'application/json': media } } } }),
  });
const servers = (list: unknown[]): Doc => v30({}, { servers: list });
const secured = (security: unknown[], schemes: Doc): Doc =>
  v30({ '/pets': get({ security }) }, { components: { securitySchemes: schemes } });
const oauth = {
  oauth: {
    type: 'oauth2',
    flows: { implicit: { authorizationUrl: 'https://a.test/auth', scopes: { 'pets:read': 'read' } } },
  },
};
const form20 = (consumes: string[] | undefined, parameters: Doc[]): Doc =>
  v20({ '/pets': { post: { ...(consumes ? { consumes } : {}), parameters, responses: ok } } });
const formParameter = { name: 'name', in: 'formData', type: 'string' };
const fullInfo = {
  ...info,
  description: 'd',
  contact: { name: 'c' },
  license: { name: 'MIT', url: 'https://mit.test' },
};
const styledOperation = {
  operationId: 'listPets',
  summary: 's',
  description: 'd',
  tags: ['pets'],
  responses: { '200': { description: 'ok' }, '404': { description: 'no' } },
};
const styled = (operation: Doc = {}, extra: Doc = {}): Doc =>
  v30(
    { '/pets': { get: { ...styledOperation, ...operation } } },
    {
      info: fullInfo,
      servers: [{ url: 'https://api.pets.test' }],
      tags: [{ name: 'pets', description: 'd' }],
      ...extra,
    },
  );

export const RULE_CASES: RuleCase[] = [
  { id: 'SPEC_VERSION_MISSING', bad: { info, paths: {} }, good: v30() },
  { id: 'SPEC_VERSION_UNSUPPORTED', bad: { openapi: '4.0.0', info, paths: {} }, good: v30() },
  { id: 'SPEC_INFO_MISSING', bad: { openapi: '3.0.3', paths: {} }, good: v30() },
  {
    id: 'SPEC_INFO_TITLE_MISSING',
    bad: { openapi: '3.0.3', info: { version: '1' }, paths: {} },
    good: v30(),
  },
  {
    id: 'SPEC_INFO_VERSION_MISSING',
    bad: { openapi: '3.0.3', info: { title: 'T' }, paths: {} },
    good: v30(),
  },
  { id: 'SPEC_PATHS_MISSING', bad: { openapi: '3.0.3', info }, good: v30() },
  {
    id: 'SPEC_SCHEMA_TYPE',
    bad: { openapi: '3.0.3', info: { title: 1, version: '1' }, paths: {} },
    good: v30(),
  },
  {
    id: 'SPEC_SCHEMA_REQUIRED',
    bad: v30({ '/pets': { get: { responses: { '200': {} } } } }),
    good: v30({ '/pets': get() }),
  },
  {
    id: 'SPEC_SCHEMA_UNKNOWN_PROPERTY',
    bad: v30({ '/pets': get({ summry: 'x' }) }),
    good: v30({ '/pets': get({ summary: 'x' }) }),
  },
  {
    id: 'SPEC_SCHEMA_ENUM',
    bad: v30({ '/pets': get({ parameters: [{ name: 'a', in: 'cookies', schema: {} }] }) }),
    good: v30({ '/pets': get({ parameters: [{ name: 'a', in: 'cookie', schema: {} }] }) }),
  },
  { id: 'SPEC_SCHEMA_PATTERN', bad: v20({}, { basePath: 'v1' }), good: v20({}, { basePath: '/v1' }) },
  {
    id: 'SPEC_SCHEMA_FORMAT',
    bad: v30({}, { info: { ...info, contact: { email: 'nope' } } }),
    good: v30({}, { info: { ...info, contact: { email: 'a@b.test' } } }),
  },
  {
    id: 'SPEC_SCHEMA_CONSTRAINT',
    bad: withSchema({ type: 'string', minLength: -1 }),
    good: withSchema({ type: 'string', minLength: 0 }),
  },
  {
    id: 'SPEC_TAG_PARENT_UNKNOWN',
    bad: { openapi: '3.2.0', info, paths: {}, tags: [{ name: 'a', parent: 'b' }] },
    good: { openapi: '3.2.0', info, paths: {}, tags: [{ name: 'a' }, { name: 'b' }] },
  },
  {
    id: 'SPEC_TAG_PARENT_CYCLE',
    bad: {
      openapi: '3.2.0',
      info,
      paths: {},
      tags: [
        { name: 'a', parent: 'b' },
        { name: 'b', parent: 'a' },
      ],
    },
    good: { openapi: '3.2.0', info, paths: {}, tags: [{ name: 'a', parent: 'b' }, { name: 'b' }] },
  },
  {
    id: 'SPEC_REF_DANGLING',
    bad: withSchema({ $ref: '#/components/schemas/Pett' }),
    good: withSchema({ type: 'object' }),
  },
  {
    id: 'SPEC_REF_MALFORMED',
    bad: withSchema({ $ref: '#components/schemas/Pet' }),
    good: withSchema({ type: 'object' }),
  },
  { id: 'SPEC_REF_EXTERNAL', bad: withSchema({ $ref: './pet.yaml' }), good: withSchema({ type: 'object' }) },
  {
    id: 'SPEC_REF_SIBLINGS',
    strict: true,
    bad: v30(
      {},
      {
        components: {
          schemas: { A: { type: 'string' }, B: { $ref: '#/components/schemas/A', description: 'x' } },
        },
      },
    ),
    good: v30(
      {},
      { components: { schemas: { A: { type: 'string' }, B: { $ref: '#/components/schemas/A' } } } },
    ),
  },
  {
    id: 'SPEC_PATH_IDENTICAL',
    bad: v30({
      '/a/{x}': get({ parameters: [pathParam('x')] }),
      '/a/{y}': get({ parameters: [pathParam('y')] }),
    }),
    good: v30({
      '/a/{x}': get({ parameters: [pathParam('x')] }),
      '/b/{y}': get({ parameters: [pathParam('y')] }),
    }),
  },
  {
    id: 'SPEC_PATH_AMBIGUOUS',
    bad: v30({
      '/a/{x}/c': get({ parameters: [pathParam('x')] }),
      '/a/b/{y}': get({ parameters: [pathParam('y')] }),
    }),
    good: v30({ '/a/{x}/c': get({ parameters: [pathParam('x')] }), '/a/b/c': get() }),
  },
  { id: 'SPEC_PATH_QUERY_STRING', bad: v30({ '/pets?limit=1': get() }), good: v30({ '/pets': get() }) },
  {
    id: 'SPEC_PATH_PARAM_UNDECLARED',
    bad: v30({ '/pets/{id}': get() }),
    good: v30({ '/pets/{id}': get({ parameters: [pathParam('id')] }) }),
  },
  {
    id: 'SPEC_PATH_PARAM_UNUSED',
    bad: v30({ '/pets': get({ parameters: [pathParam('id')] }) }),
    good: v30({ '/pets/{id}': get({ parameters: [pathParam('id')] }) }),
  },
  {
    id: 'SPEC_PATH_PARAM_REPEATED',
    bad: v30({ '/a/{id}/b/{id}': get({ parameters: [pathParam('id')] }) }),
    good: v30({ '/a/{id}/b/{other}': get({ parameters: [pathParam('id'), pathParam('other')] }) }),
  },
  {
    id: 'SPEC_PATH_PARAM_NOT_REQUIRED',
    bad: v30({ '/pets/{id}': get({ parameters: [pathParam('id', { required: false })] }) }),
    good: v30({ '/pets/{id}': get({ parameters: [pathParam('id')] }) }),
  },
  {
    id: 'SPEC_STYLE_PATH_TRAILING_SLASH',
    strict: true,
    bad: v30({ '/pets/': get() }),
    good: v30({ '/pets': get() }),
  },
  { id: 'SPEC_RESPONSES_MISSING', bad: v30({ '/pets': { get: {} } }), good: v30({ '/pets': get() }) },
  {
    id: 'SPEC_RESPONSES_EMPTY',
    bad: v30({ '/pets': { get: { responses: {} } } }),
    good: v30({ '/pets': get() }),
  },
  {
    id: 'SPEC_OPERATION_ID_DUPLICATE',
    bad: v30({ '/a': get({ operationId: 'x' }), '/b': get({ operationId: 'x' }) }),
    good: v30({ '/a': get({ operationId: 'x' }), '/b': get({ operationId: 'y' }) }),
  },
  {
    id: 'SPEC_OPERATION_ID_NOT_URL_SAFE',
    bad: v30({ '/a': get({ operationId: 'get pets' }) }),
    good: v30({ '/a': get({ operationId: 'get-pets' }) }),
  },
  {
    id: 'SPEC_PARAMETER_DUPLICATE',
    bad: v30({
      '/a': get({
        parameters: [
          { name: 'q', in: 'query' },
          { name: 'q', in: 'query' },
        ],
      }),
    }),
    good: v30({
      '/a': get({
        parameters: [
          { name: 'q', in: 'query' },
          { name: 'q', in: 'header' },
        ],
      }),
    }),
  },
  {
    id: 'SPEC_PARAMETER_BODY_DUPLICATE',
    bad: form20(undefined, [
      { name: 'a', in: 'body', schema: {} },
      { name: 'b', in: 'body', schema: {} },
    ]),
    good: form20(undefined, [{ name: 'a', in: 'body', schema: {} }]),
  },
  {
    id: 'SPEC_PARAMETER_BODY_AND_FORM',
    bad: form20(['multipart/form-data'], [{ name: 'a', in: 'body', schema: {} }, formParameter]),
    good: form20(['multipart/form-data'], [formParameter]),
  },
  {
    id: 'SPEC_PARAMETER_FORM_CONSUMES',
    bad: form20(['application/json'], [formParameter]),
    good: form20(['application/x-www-form-urlencoded'], [formParameter]),
  },
  {
    id: 'SPEC_PARAMETER_FILE_CONSUMES',
    bad: form20(['application/json'], [{ name: 'photo', in: 'formData', type: 'file' }]),
    good: form20(['multipart/form-data'], [{ name: 'photo', in: 'formData', type: 'file' }]),
  },
  {
    id: 'SPEC_SECURITY_SCHEME_UNDEFINED',
    bad: secured([{ api_key: [] }], { apiKey: { type: 'apiKey', name: 'k', in: 'header' } }),
    good: secured([{ apiKey: [] }], { apiKey: { type: 'apiKey', name: 'k', in: 'header' } }),
  },
  {
    id: 'SPEC_SECURITY_SCOPE_UNDEFINED',
    bad: secured([{ oauth: ['pets:wipe'] }], oauth),
    good: secured([{ oauth: ['pets:read'] }], oauth),
  },
  {
    id: 'SPEC_SERVER_VARIABLE_UNDEFINED',
    bad: servers([{ url: 'https://{region}.api.test' }]),
    good: servers([{ url: 'https://{region}.api.test', variables: { region: { default: 'eu' } } }]),
  },
  {
    id: 'SPEC_SERVER_VARIABLE_UNUSED',
    bad: servers([{ url: 'https://api.test', variables: { port: { default: '1' } } }]),
    good: servers([{ url: 'https://api.test:{port}', variables: { port: { default: '1' } } }]),
  },
  {
    id: 'SPEC_SERVER_VARIABLE_ENUM_EMPTY',
    bad: servers([{ url: 'https://{r}.api.test', variables: { r: { default: 'eu', enum: [] } } }]),
    good: servers([{ url: 'https://{r}.api.test', variables: { r: { default: 'eu', enum: ['eu'] } } }]),
  },
  {
    id: 'SPEC_SERVER_VARIABLE_DEFAULT_NOT_IN_ENUM',
    bad: servers([{ url: 'https://{r}.api.test', variables: { r: { default: 'us', enum: ['eu'] } } }]),
    good: servers([{ url: 'https://{r}.api.test', variables: { r: { default: 'eu', enum: ['eu'] } } }]),
  },
  {
    id: 'SPEC_SERVER_TRAILING_SLASH',
    bad: servers([{ url: 'https://api.test/' }]),
    good: servers([{ url: 'https://api.test' }]),
  },
  {
    id: 'SPEC_STYLE_SERVER_URL_RELATIVE',
    strict: true,
    bad: servers([{ url: '/v1' }]),
    good: servers([{ url: 'https://api.test/v1' }]),
  },
  {
    id: 'SPEC_STYLE_SERVER_EXAMPLE_COM',
    strict: true,
    bad: servers([{ url: 'https://example.com' }]),
    good: servers([{ url: 'https://api.test' }]),
  },
  { id: 'SPEC_STYLE_NO_SERVERS', strict: true, bad: v30(), good: servers([{ url: 'https://api.test' }]) },
  {
    id: 'SPEC_ENUM_TYPE_MISMATCH',
    bad: withSchema({ type: 'string', enum: [1, 2] }),
    good: withSchema({ type: 'string', enum: ['1', '2'] }),
  },
  {
    id: 'SPEC_ENUM_DUPLICATE',
    bad: withSchema({ type: 'string', enum: ['a', 'a'] }),
    good: withSchema({ type: 'string', enum: ['a', 'b'] }),
  },
  {
    id: 'SPEC_SCHEMA_ARRAY_ITEMS_MISSING',
    bad: withSchema({ type: 'array' }),
    good: withSchema({ type: 'array', items: {} }),
  },
  {
    id: 'SPEC_SCHEMA_REQUIRED_UNDEFINED',
    bad: withSchema({ type: 'object', required: ['name'], properties: { id: {} } }),
    good: withSchema({ type: 'object', required: ['id'], properties: { id: {} } }),
  },
  {
    id: 'SPEC_SCHEMA_REQUIRED_IMPOSSIBLE',
    bad: withSchema({
      type: 'object',
      required: ['name'],
      properties: { id: {} },
      additionalProperties: false,
    }),
    good: withSchema({
      type: 'object',
      required: ['id'],
      properties: { id: {} },
      additionalProperties: false,
    }),
  },
  {
    id: 'SPEC_EXAMPLE_INVALID',
    bad: mediaGet({
      schema: { type: 'object', properties: { id: { type: 'integer' } } },
      example: { id: 'one' },
    }),
    good: mediaGet({
      schema: { type: 'object', properties: { id: { type: 'integer' } } },
      example: { id: 1 },
    }),
  },
  {
    id: 'SPEC_EXAMPLE_VALUE_AND_EXTERNAL',
    bad: mediaGet({ examples: { a: { value: 1, externalValue: 'https://x.test/a.json' } } }),
    good: mediaGet({ examples: { a: { externalValue: 'https://x.test/a.json' } } }),
  },
  {
    id: 'SPEC_TAG_DUPLICATE',
    bad: v30({}, { tags: [{ name: 'a' }, { name: 'a' }] }),
    good: v30({}, { tags: [{ name: 'a' }, { name: 'b' }] }),
  },
  { id: 'SPEC_STYLE_TAG_UNDECLARED', strict: true, bad: styled({}, { tags: [] }), good: styled() },
  {
    id: 'SPEC_STYLE_TAG_DESCRIPTION_MISSING',
    strict: true,
    bad: styled({}, { tags: [{ name: 'pets' }] }),
    good: styled(),
  },
  { id: 'SPEC_STYLE_TAGS_MISSING', strict: true, bad: styled({ tags: [] }), good: styled() },
  {
    id: 'SPEC_STYLE_INFO_DESCRIPTION_MISSING',
    strict: true,
    bad: styled({}, { info: { ...fullInfo, description: undefined } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_INFO_CONTACT_MISSING',
    strict: true,
    bad: styled({}, { info: { ...fullInfo, contact: undefined } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_LICENSE_MISSING',
    strict: true,
    bad: styled({}, { info: { ...fullInfo, license: undefined } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_LICENSE_URL_MISSING',
    strict: true,
    bad: styled({}, { info: { ...fullInfo, license: { name: 'MIT' } } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_OPERATION_ID_MISSING',
    strict: true,
    bad: styled({ operationId: undefined }),
    good: styled(),
  },
  { id: 'SPEC_STYLE_SUMMARY_MISSING', strict: true, bad: styled({ summary: undefined }), good: styled() },
  {
    id: 'SPEC_STYLE_DESCRIPTION_MISSING',
    strict: true,
    bad: styled({ description: undefined }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_NO_2XX_RESPONSE',
    strict: true,
    bad: styled({ responses: { '404': { description: 'no' } } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_NO_4XX_RESPONSE',
    strict: true,
    bad: styled({ responses: { '200': { description: 'ok' } } }),
    good: styled(),
  },
  {
    id: 'SPEC_STYLE_COMPONENT_UNUSED',
    strict: true,
    bad: styled({}, { components: { schemas: { Pet: {} } } }),
    good: styled(
      {
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': { description: 'no' },
        },
      },
      { components: { schemas: { Pet: {} } } },
    ),
  },
];

/** Neighbours that must stay quiet: patterns real descriptions use correctly. */
export const QUIET_CASES: { name: string; spec: Doc }[] = [
  {
    name: 'an allOf branch requires what its sibling branch defines',
    spec: withSchema({
      allOf: [
        { type: 'object', properties: { status: { type: 'string' } } },
        { type: 'object', required: ['id', 'status'], properties: { id: {} } },
      ],
    }),
  },
];

const callbackOperation = (operation: Doc): Doc =>
  v30({
    '/subscribe': {
      post: {
        responses: ok,
        callbacks: { onEvent: { '{$request.body#/url}': { post: { responses: ok, ...operation } } } },
      },
    },
  });
const webhook = (item: Doc, operation: Doc = {}): Doc =>
  v31({}, { webhooks: { ping: { ...item, post: { responses: ok, ...operation } } } });

RULE_CASES.push(
  {
    id: 'SPEC_DISCRIMINATOR_UNDEFINED',
    bad: v20(
      {},
      {
        definitions: {
          Pet: { type: 'object', discriminator: 'kind', properties: { kind: { type: 'string' } } },
        },
      },
    ),
    good: v20(
      {},
      {
        definitions: {
          Pet: {
            type: 'object',
            discriminator: 'kind',
            required: ['kind'],
            properties: { kind: { type: 'string' } },
          },
        },
      },
    ),
  },
  {
    id: 'SPEC_CALLBACK_NESTED',
    bad: callbackOperation({ callbacks: { again: {} } }),
    good: callbackOperation({}),
  },
  { id: 'SPEC_WEBHOOK_CALLBACKS', bad: webhook({}, { callbacks: { again: {} } }), good: webhook({}) },
  { id: 'SPEC_WEBHOOK_SERVERS', bad: webhook({ servers: [{ url: 'https://a.test' }] }), good: webhook({}) },
);

const parameterExample = (example: unknown): Doc =>
  v30({ '/a': get({ parameters: [{ name: 'X-Id', in: 'header', example, schema: { type: 'string' } }] }) });

RULE_CASES.push(
  { id: 'SPEC_PARAMETER_EXAMPLE_INVALID', bad: parameterExample(123), good: parameterExample('123') },
  {
    id: 'SPEC_SCHEMA_EXAMPLE_INVALID',
    bad: withSchema({ type: 'string', example: ['a'] }),
    good: withSchema({ type: 'string', example: 'a' }),
  },
  {
    id: 'SPEC_NULLABLE_WITHOUT_TYPE',
    bad: withSchema({ nullable: true, allOf: [{ type: 'string' }, { minLength: 1 }] }),
    good: withSchema({ type: 'string', nullable: true }),
  },
  {
    id: 'SPEC_COMPOSITION_SINGLE',
    bad: withSchema({ oneOf: [{ type: 'string' }] }),
    good: withSchema({ oneOf: [{ type: 'string' }, { type: 'integer' }] }),
  },
);

QUIET_CASES.push(
  {
    name: 'an anyOf branch requires what the schema holding it defines',
    spec: withSchema({
      type: 'object',
      properties: { a: {}, b: {} },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    }),
  },
  {
    name: 'an allOf part defined by reference supplies the required property',
    spec: v30(
      {},
      {
        components: {
          schemas: {
            Base: { type: 'object', properties: { id: {} } },
            Pet: { allOf: [{ $ref: '#/components/schemas/Base' }], required: ['id'] },
          },
        },
      },
    ),
  },
);

RULE_CASES.push(
  {
    id: 'SPEC_NULLABLE_REMOVED',
    bad: withSchema({ type: 'string', nullable: true }, v31),
    good: withSchema({ type: ['string', 'null'] }, v31),
  },
  {
    id: 'SPEC_EXCLUSIVE_BOUND_BOOLEAN',
    bad: withSchema({ type: 'number', minimum: 0, exclusiveMinimum: true }, v31),
    good: withSchema({ type: 'number', exclusiveMinimum: 0 }, v31),
  },
);

RULE_CASES.push(
  {
    id: 'SPEC_STYLE_MARKDOWN_SCRIPT_TAG',
    strict: true,
    bad: withSchema({ type: 'string', description: 'Hi <script>alert(1)</script>' }),
    good: withSchema({ type: 'string', description: 'Hi, a plain string.' }),
  },
  {
    id: 'SPEC_STYLE_MARKDOWN_EVAL',
    strict: true,
    bad: v30({ '/a': get({ summary: 'runs eval(code) for you' }) }),
    good: v30({ '/a': get({ summary: 'runs the code for you' }) }),
  },
);
