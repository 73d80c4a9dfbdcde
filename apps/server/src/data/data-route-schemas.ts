import { MAX_LIST_LIMIT } from '@svc/gate';
import { documentSchema } from '../contracts/document-schema.js';
import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY as SIGNED_IN } from '../plugins/openapi-plugin.js';

/** A create or patch body: the document's own fields, plus `visibility`. */
const documentBodySchema = {
  type: 'object',
  additionalProperties: true,
  description:
    'Any JSON fields (at most 256 KiB, 32 levels deep). `visibility` is private (default), public or unlisted; `id`, `owner`, `createdAt` and `updatedAt` are set by the server and refused here.',
  properties: { visibility: { type: 'string', enum: ['private', 'public', 'unlisted'] } },
} as const;

const collectionParam = {
  type: 'string',
  description: 'Collection name: a lower-case letter, then up to 62 lower-case letters, digits or "_".',
} as const;

const collectionParams = {
  type: 'object',
  required: ['collection'],
  properties: { collection: collectionParam },
} as const;

const documentParams = {
  type: 'object',
  required: ['collection', 'id'],
  properties: { collection: collectionParam, id: { type: 'string', description: 'Document id.' } },
} as const;

export const listSchema = {
  tags: ['data'],
  summary: 'List the documents of a collection the caller may see, filtered, sorted and paginated',
  description:
    'Lists own and public documents (admins: all; anonymous callers: public). Any other query parameter `field=value` filters by equality on a body field or on id, owner (`me` = the caller), visibility, createdAt, updatedAt; `42`, `true`, `false` and `null` also match the JSON number, boolean or null. A page holds at most `limit` rows and at most 2 MiB (each document counts its body plus 256 bytes); a page cut short has a `nextCursor` like any other, so only `nextCursor: null` means the end. 60 lists a minute per anonymous address, 300 per signed-in user (429 SERVER_RATE_LIMITED).',
  params: collectionParams,
  querystring: {
    type: 'object',
    additionalProperties: { type: 'string' },
    properties: {
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_LIST_LIMIT,
        default: 50,
        description: 'Rows per page, 1–5000 (a page also stops before passing 2 MiB).',
      },
      cursor: { type: 'string', maxLength: 4096, description: '`nextCursor` of the previous page.' },
      sort: {
        type: 'string',
        maxLength: 80,
        description:
          '`field` or `-field` (descending): a system field or a body field; default `-createdAt`. Ties break by id.',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['items', 'nextCursor'],
      additionalProperties: false,
      properties: {
        items: { type: 'array', items: documentSchema },
        nextCursor: {
          type: ['string', 'null'],
          description:
            'Pass as `cursor` for the next page; null on the last page. Set whenever the page stopped early, at `limit` rows or at 2 MiB.',
        },
      },
    },
    ...commonErrorResponses,
  },
} as const;

export const getSchema = {
  tags: ['data'],
  summary: 'Read one document (404 when it does not exist or the caller may not read it)',
  params: documentParams,
  response: { 200: documentSchema, ...commonErrorResponses },
} as const;

export const createSchema = {
  security: SIGNED_IN,
  tags: ['data'],
  summary: 'Create a document owned by the caller (413 GATE_QUOTA_EXCEEDED past 64 MiB in the collection)',
  params: collectionParams,
  body: documentBodySchema,
  response: { 201: documentSchema, ...commonErrorResponses, 413: errorResponseSchema },
} as const;

export const patchSchema = {
  security: SIGNED_IN,
  tags: ['data'],
  summary: 'Merge fields into a document (owner or admin); top-level fields replace the stored ones',
  params: documentParams,
  body: documentBodySchema,
  response: { 200: documentSchema, ...commonErrorResponses, 413: errorResponseSchema },
} as const;

export const removeSchema = {
  security: SIGNED_IN,
  tags: ['data'],
  summary: 'Delete a document (owner or admin)',
  params: documentParams,
  response: { 204: { description: 'Deleted.', type: 'null' }, ...commonErrorResponses },
} as const;

export const cloneSchema = {
  security: SIGNED_IN,
  tags: ['data'],
  summary: 'Copy a readable document into a new private document owned by the caller',
  params: documentParams,
  response: { 201: documentSchema, ...commonErrorResponses, 413: errorResponseSchema },
} as const;
