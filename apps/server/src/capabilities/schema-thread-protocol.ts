import type { SchemaIssue } from './schema-bounds.js';

/**
 * What the schema thread is asked: compile a schema (and keep its validator), or check
 * arguments against a schema it keeps (answered `missing` when it does not: compiling runs
 * under its own, longer deadline).
 */
export type SchemaThreadRequest =
  | { kind: 'compile'; hash: string; schema: Record<string, unknown> }
  | { kind: 'validate'; hash: string; args: unknown };

/**
 * The schema thread's answer: compiled (with the checked arguments, defaults filled in, for a
 * `validate`), or what is wrong — with the schema (`schemaIssues`, JSON pointers into it) or with
 * the arguments (`argIssues`, JSON pointers into them).
 */
export type SchemaThreadAnswer = (
  | { ok: true; value?: unknown }
  | { ok: false; schemaIssues?: SchemaIssue[]; argIssues?: SchemaIssue[]; missing?: true }
) & {
  /** True when the thread compiled the schema for this request (it had no validator for the hash). */
  compiled: boolean;
};
