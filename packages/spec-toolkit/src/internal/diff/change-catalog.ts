/** How serious a change is for existing clients: `error` breaks them, `warning` may, `info` does not. */
export type ChangeLevel = 'error' | 'warning' | 'info';

/** Which spec a change's `location` points into. */
export type ChangeSide = 'old' | 'new';

/**
 * One difference between the old and the new spec, with an oasdiff-style kebab-case `id`.
 * `location` is a JSON pointer into the spec named by `side`: the old one for things that
 * are gone (`operation-removed`, `response-removed`, …), the new one otherwise.
 */
export interface Change {
  /** Rule id, e.g. `request-parameter-became-required`; the table is in docs/spec-toolkit/diff.md. */
  id: string;
  level: ChangeLevel;
  /** `METHOD /path`: the new path for an operation on both sides, the old one for a removed one. */
  operation: string;
  location: string;
  side: ChangeSide;
  /** For a spec read with `resolveSpec`: the file `location` points into (the entry's or a referenced file's name). */
  file?: string;
  /** 1-based line of `location` in its side's text (in `file` when set), when the input was text. */
  line?: number;
  /** 1-based column, with `line`. */
  column?: number;
  /** One human sentence. */
  message: string;
}

/** A change before it is attached to an operation; one object is shared by every operation it affects. */
export interface RawChange {
  id: string;
  level: ChangeLevel;
  location: string;
  side: ChangeSide;
  message: string;
}

/**
 * Every change id with its fixed level. One table, so a level never depends on the code path
 * that found the change, and the docs table can be checked against it.
 */
export const CHANGE_LEVELS = {
  'operation-added': 'info',
  'operation-removed': 'error',
  'operation-deprecated': 'info',
  'operation-reactivated': 'info',
  'operation-id-changed': 'warning',
  'operation-summary-changed': 'info',
  'operation-description-changed': 'info',
  'path-parameter-renamed': 'info',

  'request-parameter-removed': 'error',
  'new-required-request-parameter': 'error',
  'new-optional-request-parameter': 'info',
  'request-parameter-became-required': 'error',
  'request-parameter-became-optional': 'info',
  'request-parameter-deprecated': 'info',
  'request-parameter-type-changed': 'error',
  'request-parameter-type-generalized': 'info',
  'request-parameter-enum-value-removed': 'error',
  'request-parameter-enum-value-added': 'info',
  'request-parameter-became-enum': 'error',
  'request-parameter-became-not-nullable': 'error',
  'request-parameter-became-nullable': 'info',

  'new-required-request-body': 'error',
  'new-optional-request-body': 'info',
  'request-body-removed': 'warning',
  'request-body-became-required': 'error',
  'request-body-became-optional': 'info',
  'request-media-type-removed': 'error',
  'request-media-type-added': 'info',
  'request-body-type-changed': 'error',
  'request-body-type-generalized': 'info',
  'request-body-enum-value-removed': 'error',
  'request-body-enum-value-added': 'info',
  'request-body-became-enum': 'error',
  'request-body-became-not-nullable': 'error',
  'request-body-became-nullable': 'info',

  'request-property-removed': 'warning',
  'new-required-request-property': 'error',
  'new-optional-request-property': 'info',
  'request-property-became-required': 'error',
  'request-property-became-optional': 'info',
  'request-property-type-changed': 'error',
  'request-property-type-generalized': 'info',
  'request-property-enum-value-removed': 'error',
  'request-property-enum-value-added': 'info',
  'request-property-became-enum': 'error',
  'request-property-became-not-nullable': 'error',
  'request-property-became-nullable': 'info',

  'response-removed': 'error',
  'response-added': 'info',
  'response-media-type-removed': 'error',
  'response-media-type-added': 'info',
  'response-body-type-changed': 'error',
  'response-body-type-specialized': 'info',
  'response-body-enum-value-added': 'warning',
  'response-body-enum-value-removed': 'info',
  'response-body-became-nullable': 'error',
  'response-body-became-not-nullable': 'info',

  'response-property-removed': 'error',
  'response-property-added': 'info',
  'response-property-became-optional': 'warning',
  'response-property-became-required': 'info',
  'response-property-type-changed': 'error',
  'response-property-type-specialized': 'info',
  'response-property-enum-value-added': 'warning',
  'response-property-enum-value-removed': 'info',
  'response-property-became-nullable': 'error',
  'response-property-became-not-nullable': 'info',

  'security-requirement-added': 'error',
  'security-alternative-added': 'info',
  'security-alternative-removed': 'error',
  'security-requirement-relaxed': 'info',
} as const satisfies Record<string, ChangeLevel>;

export type ChangeId = keyof typeof CHANGE_LEVELS;

/**
 * Builds a change with the level the catalogue fixes for its id.
 *
 * @example
 * createChange('response-removed', 'old', '/paths/~1pets/get/responses/404', 'Response 404 was removed.').level; // 'error'
 */
export function createChange(id: ChangeId, side: ChangeSide, location: string, message: string): RawChange {
  return { id, level: CHANGE_LEVELS[id], location, side, message };
}
