/** Why `copy-database` refused or failed; each is one line for the operator. */
export type CopyDatabaseErrorCode =
  /** Missing, unknown or malformed command-line arguments. */
  | 'COPY_BAD_ARGUMENTS'
  /** The SQLite file does not exist, cannot be read, or is not a database. */
  | 'COPY_SOURCE_UNREADABLE'
  /** The SQLite file is a database but not svc's (no migration table). */
  | 'COPY_SOURCE_NOT_SVC'
  /** The SQLite file was migrated by a newer svc than this build. */
  | 'COPY_SOURCE_NEWER'
  /** PostgreSQL did not answer or refused the connection. */
  | 'COPY_TARGET_UNREACHABLE'
  /** A copied table already holds rows in PostgreSQL; nothing was written. */
  | 'COPY_TARGET_NOT_EMPTY'
  /** A table or column of the source has no counterpart in the migrated target. */
  | 'COPY_SCHEMA_MISMATCH'
  /** PostgreSQL refused a row (a value SQLite accepts and PostgreSQL does not); nothing was written. */
  | 'COPY_ROW_REFUSED';

/**
 * A failure of the SQLite → PostgreSQL copy, with a stable code and a message safe to print
 * (never a password).
 *
 * @example
 * throw new CopyDatabaseError('COPY_TARGET_NOT_EMPTY', 'Table "users" already holds rows.');
 */
export class CopyDatabaseError extends Error {
  readonly code: CopyDatabaseErrorCode;
  constructor(code: CopyDatabaseErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CopyDatabaseError';
    this.code = code;
  }
}

/**
 * True when `error` is a {@link CopyDatabaseError}.
 *
 * @example
 * if (isCopyDatabaseError(error)) process.stderr.write(`${error.message}\n`);
 */
export function isCopyDatabaseError(error: unknown): error is CopyDatabaseError {
  return error instanceof CopyDatabaseError;
}
