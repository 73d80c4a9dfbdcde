import { ServerError } from '../errors/server-error.js';

/** One problem of a document being written: a JSON pointer into the document and what is wrong. */
export interface DocumentIssue {
  path: string;
  message: string;
}

/**
 * An area's check of the documents written to one of its collections through the data route:
 * `data` is the body of a create, or the fields of a patch (a shallow merge, so a field present
 * replaces the stored one whole). Answers the problems, `[]` when the write may go ahead.
 */
export type DocumentCheck = (data: Record<string, unknown>) => DocumentIssue[] | Promise<DocumentIssue[]>;

/** The checks of writes per collection, run by the data route before it stores anything. */
export interface DocumentChecks {
  /** Adds the check of `collection` (an area's plugin, when it registers). */
  add(collection: string, check: DocumentCheck): void;
  /** Throws `SERVER_INVALID_DOCUMENT` (400) with `details.issues` when a check of `collection` finds problems. */
  assertWritable(collection: string, data: Record<string, unknown>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The checks areas hold writes to their collections to (`/db` runs them). */
    documentChecks: DocumentChecks;
  }
}

/**
 * Creates the registry of write checks `buildServer` decorates the app with before any area
 * exists, so an area (functions: a stored schema's bounds) can refuse a bad document at the
 * data route without the data area knowing the area.
 *
 * @example
 * const checks = createDocumentChecks();
 * checks.add('function_calls', (data) => checkFunctionDocument(data));
 * await checks.assertWritable('function_calls', body); // throws SERVER_INVALID_DOCUMENT
 */
export function createDocumentChecks(): DocumentChecks {
  const checks = new Map<string, DocumentCheck[]>();
  return {
    add(collection, check) {
      checks.set(collection, [...(checks.get(collection) ?? []), check]);
    },
    async assertWritable(collection, data) {
      const issues: DocumentIssue[] = [];
      for (const check of checks.get(collection) ?? []) issues.push(...(await check(data)));
      if (issues.length === 0) return;
      const summary = issues.map((issue) => `${issue.path || '(document)'} ${issue.message}`).join('; ');
      throw new ServerError(
        'SERVER_INVALID_DOCUMENT',
        `The document cannot be stored in ${collection}: ${summary}`,
        {
          details: { collection, issues },
        },
      );
    },
  };
}
