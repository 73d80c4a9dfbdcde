// Inputs that are small to write but deep or huge to walk: 2,000-level nesting as text and as
// objects, a long $ref chain and a YAML alias bomb, to catch unbounded recursion and blow-ups.
const DEEP = 2000;

const nest = (depth: number, wrap: (inner: unknown) => unknown, leaf: unknown): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => wrap(inner), leaf);
const info = { title: 'Deep', version: '1' };
const specWithSchema = (schema: unknown): unknown => ({
  openapi: '3.0.3',
  info,
  paths: {
    '/a/{id}': {
      post: {
        parameters: [{ name: 'id', in: 'path', required: true, schema }],
        requestBody: { content: { 'application/json': { schema } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
      },
    },
  },
});
const deepProperties = nest(DEEP, (inner) => ({ type: 'object', properties: { a: inner } }), {
  type: 'string',
});
const refChain = {
  openapi: '3.0.3',
  info,
  paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/R' } } } } },
  components: {
    responses: {
      R: {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
      },
    },
    schemas: Object.fromEntries(
      Array.from({ length: DEEP }, (_, index) => [
        `S${index}`,
        index === DEEP - 1 ? { type: 'string' } : { $ref: `#/components/schemas/S${index + 1}` },
      ]),
    ),
  },
};
/**
 * A YAML alias bomb: every level's schema names the previous level nine times, so under 1 KB of
 * text parses (aliases share objects) into a graph that unfolds into 9^7 schema nodes.
 */
function writeAliasBomb(levels: number): string {
  const fanOut = 'abcdefghi'.split('');
  let text =
    'openapi: 3.0.3\ninfo: {title: Bomb, version: "1"}\ncomponents:\n  schemas:\n    S0: &s0 {type: string}\n';
  for (let level = 1; level < levels; level += 1) {
    const properties = fanOut.map((key) => `${key}: *s${level - 1}`).join(', ');
    text += `    S${level}: &s${level} {type: object, properties: {${properties}}}\n`;
  }
  const body = `{content: {application/json: {schema: *s${levels - 1}}}}`;
  return `${text}paths:\n  /a:\n    post:\n      requestBody: ${body}\n      responses: {'200': {description: ok}}\n`;
}

const blockMappings = Array.from({ length: DEEP }, (_, depth) => `${' '.repeat(depth)}a:`).join('\n');
const deepItems = nest(DEEP, (inner) => ({ type: 'array', items: inner }), { type: 'integer' });
const deepAllOf = nest(DEEP, (inner) => ({ allOf: [inner] }), { type: 'boolean' });

/** Named inputs that are small to write but deep or huge to walk. */
export const DEEP_CASES: [string, unknown][] = [
  ['JSON arrays nested 2,000 deep', `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
  ['JSON objects nested 2,000 deep', `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
  ['YAML flow sequences nested 2,000 deep', `x: ${'['.repeat(DEEP)}${']'.repeat(DEEP)}`],
  ['YAML flow mappings nested 2,000 deep', `x: ${'{a: '.repeat(DEEP)}1${'}'.repeat(DEEP)}`],
  ['YAML block mappings nested 2,000 deep', `${blockMappings} 1`],
  ['YAML block sequences nested 2,000 deep', `${'- '.repeat(DEEP)}1`],
  ['plain objects nested 2,000 deep', nest(DEEP, (inner) => ({ a: inner }), 1)],
  ['schema properties nested 2,000 deep', specWithSchema(deepProperties)],
  ['schema properties nested 2,000 deep, as JSON text', JSON.stringify(specWithSchema(deepProperties))],
  ['schema array items nested 2,000 deep', specWithSchema(deepItems)],
  ['schema allOf nested 2,000 deep', specWithSchema(deepAllOf)],
  ['a $ref chain 2,000 steps long', refChain],
  ['a YAML alias bomb of 9^7 schema nodes', writeAliasBomb(8)],
];
