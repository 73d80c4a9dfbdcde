import { errorResponseSchema } from '../errors/error-body.js';

const nullableString = { type: ['string', 'null'] } as const;
const stringArray = { type: 'array', items: { type: 'string' } } as const;
const heading = {
  type: 'object',
  required: ['level', 'text', 'anchor'],
  properties: { level: { type: 'integer' }, text: { type: 'string' }, anchor: { type: 'string' } },
} as const;
const provenance = {
  type: 'object',
  required: ['sourcePath', 'commit', 'builtAt'],
  properties: { sourcePath: { type: 'string' }, commit: { type: 'string' }, builtAt: { type: 'string' } },
} as const;
const errorResponses = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  503: errorResponseSchema,
} as const;
const tags = ['docs'];

/** `GET /api/docs/search`. */
export const searchSchema = {
  tags,
  summary: 'Search the reference pages (BM25F, section granularity; unauthenticated, cacheable)',
  security: [],
  querystring: {
    type: 'object',
    required: ['q'],
    additionalProperties: false,
    properties: {
      q: { type: 'string', minLength: 1, maxLength: 500 },
      kind: { type: 'string', enum: ['guide', 'how-to', 'reference', 'api'] },
      package: { type: 'string', maxLength: 200 },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
      offset: { type: 'integer', minimum: 0, maximum: 10_000, default: 0 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['query', 'total', 'limit', 'offset', 'results'],
      properties: {
        query: { type: 'string' },
        total: { type: 'integer' },
        limit: { type: 'integer' },
        offset: { type: 'integer' },
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'pageId',
              'title',
              'kind',
              'package',
              'anchor',
              'heading',
              'url',
              'score',
              'snippet',
              'matchReason',
            ],
            properties: {
              pageId: { type: 'string' },
              title: { type: 'string' },
              kind: { type: 'string' },
              package: nullableString,
              anchor: { type: 'string' },
              heading: { type: 'string' },
              url: { type: 'string', description: 'The section on the HTML site.' },
              score: { type: 'number' },
              snippet: { type: 'string', description: 'Matches are marked **like this**.' },
              matchReason: {
                type: 'object',
                required: ['exact', 'fields', 'terms'],
                properties: {
                  exact: { type: ['string', 'null'], enum: ['title', 'symbol', null] },
                  fields: stringArray,
                  terms: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['term', 'matched', 'how', 'fields'],
                      properties: {
                        term: { type: 'string' },
                        matched: { type: 'string' },
                        how: { type: 'string', enum: ['exact', 'prefix', 'fuzzy'] },
                        fields: stringArray,
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

/** `GET /api/docs/page/{page_id}`. */
export const pageSchema = {
  tags,
  summary: 'A page as markdown with provenance (404 with suggestions for a near miss)',
  security: [],
  params: { type: 'object', required: ['*'], properties: { '*': { type: 'string', maxLength: 300 } } },
  response: {
    200: {
      type: 'object',
      required: [
        'id',
        'title',
        'description',
        'package',
        'layer',
        'kind',
        'headings',
        'symbols',
        'links',
        'provenance',
        'markdown',
        'url',
      ],
      properties: {
        id: { type: 'string' },
        title: { type: 'string' },
        description: { type: 'string' },
        package: nullableString,
        layer: { type: 'string' },
        kind: { type: 'string' },
        headings: { type: 'array', items: heading },
        symbols: stringArray,
        links: {
          type: 'array',
          items: {
            type: 'object',
            required: ['href', 'target', 'anchor', 'external', 'line'],
            properties: {
              href: { type: 'string' },
              target: nullableString,
              anchor: nullableString,
              external: { type: 'boolean' },
              line: { type: 'integer' },
            },
          },
        },
        provenance,
        markdown: { type: 'string', description: 'The page with a front matter carrying its provenance.' },
        url: { type: 'string' },
      },
    },
    ...errorResponses,
  },
} as const;

/** `GET /api/docs/packages`. */
export const packagesSchema = {
  tags,
  summary: 'Packages and apps with layer, dependencies, pages and API page',
  security: [],
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      layer: { type: 'string', maxLength: 50 },
      limit: { type: 'integer', minimum: 1, maximum: 200, default: 100 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['total', 'packages'],
      properties: {
        total: { type: 'integer' },
        packages: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'name',
              'description',
              'layer',
              'path',
              'version',
              'private',
              'dependsOn',
              'usedBy',
              'pages',
              'apiPage',
              'symbolCount',
            ],
            properties: {
              name: { type: 'string' },
              description: { type: 'string' },
              layer: { type: 'string' },
              path: { type: 'string' },
              version: { type: 'string' },
              private: { type: 'boolean' },
              dependsOn: stringArray,
              usedBy: stringArray,
              pages: stringArray,
              apiPage: nullableString,
              symbolCount: { type: 'integer' },
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;

/** `GET /api/docs/symbol/{name}`. */
export const symbolSchema = {
  tags,
  summary: 'Which page documents an exported name (exact, then case-insensitive; suggestions when missing)',
  security: [],
  params: {
    type: 'object',
    required: ['name'],
    properties: { name: { type: 'string', minLength: 1, maxLength: 200 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['name', 'exact', 'matches'],
      properties: {
        name: { type: 'string' },
        exact: { type: 'boolean' },
        matches: {
          type: 'array',
          items: {
            type: 'object',
            required: [
              'name',
              'package',
              'kind',
              'page',
              'anchor',
              'signature',
              'summary',
              'sourcePath',
              'line',
              'url',
            ],
            properties: {
              name: { type: 'string' },
              package: { type: 'string' },
              kind: { type: 'string' },
              page: { type: 'string' },
              anchor: { type: 'string' },
              signature: { type: 'string' },
              summary: { type: 'string' },
              sourcePath: { type: 'string' },
              line: { type: 'integer' },
              url: { type: 'string' },
            },
          },
        },
      },
    },
    ...errorResponses,
  },
} as const;
