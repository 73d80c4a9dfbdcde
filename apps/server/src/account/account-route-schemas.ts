import { commonErrorResponses, errorResponseSchema } from '../errors/error-body.js';
import { AUTHENTICATED_SECURITY } from '../plugins/openapi-plugin.js';

/** Deleting an account takes a signed-in session (the browser's cookie), never an API key. */
const SESSION_ONLY: ReadonlyArray<Record<string, readonly string[]>> = [{ cookieAuth: [] }];

export const exportAccountSchema = {
  security: AUTHENTICATED_SECURITY,
  tags: ['account'],
  summary: 'Download all my data as one ZIP archive',
  description:
    'Streams a ZIP: `README.md` (the layout), `account.json`, `documents/<collection>.jsonl` (every document you own: pages, books, dreamer runs, automations and their runs, functions…), `wallet/ledger.jsonl`, and a folder per server area (`activity/books/<bookId>/<jobId>.pdf`, the PDFs already exported). Rate limited per account. A failure after the first byte breaks the download (the archive is never left looking complete).',
  response: {
    200: {
      description: 'The archive (attachment `svc-export-<date>.zip`).',
      content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
    },
    ...commonErrorResponses,
  },
} as const;

export const deleteAccountSchema = {
  security: SESSION_ONLY,
  tags: ['account'],
  summary: 'Delete my account and everything I own (re-authenticated)',
  description:
    "Signed in with a session (an API key is 403 `GATE_FORBIDDEN`) and the account's password (401 `GATE_INVALID_CREDENTIALS`); an account without a password of its own (made by single sign-on) sends no password and needs a session signed in within the last 10 minutes (401 `GATE_RECENT_SIGN_IN_REQUIRED`: sign in again with the provider). Refused for the last enabled admin (409 `GATE_LAST_ADMIN`) and while a paid membership still renews (409 `GATE_SUBSCRIPTION_ACTIVE`: cancel it first). Everything the account owns is deleted in one transaction; ledger entries, token-pack purchases and admin-audit entries stay under a tombstone id. Files in storage go after the commit. Every session and key of the account is refused at once on every instance; the session cookie is cleared.",
  body: {
    type: 'object',
    additionalProperties: false,
    properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['deleted', 'kept'],
      additionalProperties: false,
      properties: {
        deleted: {
          type: 'object',
          description: 'Rows deleted from the gate tables, by table.',
          additionalProperties: { type: 'integer' },
        },
        kept: {
          type: 'object',
          description: 'Rows kept for accounting under a tombstone id, by table.',
          additionalProperties: { type: 'integer' },
        },
      },
    },
    ...commonErrorResponses,
    409: errorResponseSchema,
  },
} as const;
