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

  'response-required-header-removed': 'error',
  'response-optional-header-removed': 'warning',
  'response-header-became-optional': 'warning',
  'response-header-became-required': 'info',
  'response-header-added': 'info',

  'security-scheme-removed': 'error',
  'security-scheme-type-changed': 'error',
  'security-scheme-api-key-changed': 'error',
  'security-scheme-oauth-url-changed': 'warning',
  'security-scheme-scope-removed': 'error',
  'security-scheme-scope-added': 'info',

  'webhook-removed': 'error',
  'webhook-added': 'info',
  ...constraintLevels(),
} as const satisfies Record<string, ChangeLevel>;

export type ChangeId = keyof typeof CHANGE_LEVELS;

/**
 * The constraint rules (limits, pattern, oneOf / anyOf branches, discriminator), one id per
 * direction, role and suffix: `request-property-max-decreased`. Narrower requests break clients
 * that send what used to be accepted; wider responses may break clients that parse them.
 */
function constraintLevels(): Record<string, ChangeLevel> {
  const request: Record<string, ChangeLevel> = {
    'max-decreased': 'error',
    'max-increased': 'info',
    'min-increased': 'error',
    'min-decreased': 'info',
    'max-length-decreased': 'error',
    'max-length-increased': 'info',
    'min-length-increased': 'error',
    'min-length-decreased': 'info',
    'max-items-decreased': 'error',
    'max-items-increased': 'info',
    'min-items-increased': 'error',
    'min-items-decreased': 'info',
    'pattern-added': 'warning',
    'pattern-changed': 'warning',
    'pattern-removed': 'info',
    'one-of-removed': 'error',
    'one-of-added': 'info',
    'any-of-removed': 'error',
    'any-of-added': 'info',
    'discriminator-changed': 'error',
  };
  const response: Record<string, ChangeLevel> = {
    'max-increased': 'warning',
    'max-decreased': 'info',
    'min-decreased': 'warning',
    'min-increased': 'info',
    'max-length-increased': 'warning',
    'max-length-decreased': 'info',
    'min-length-decreased': 'warning',
    'min-length-increased': 'info',
    'max-items-increased': 'warning',
    'max-items-decreased': 'info',
    'min-items-decreased': 'warning',
    'min-items-increased': 'info',
    'pattern-added': 'info',
    'pattern-changed': 'info',
    'pattern-removed': 'info',
    'one-of-added': 'warning',
    'one-of-removed': 'info',
    'any-of-added': 'warning',
    'any-of-removed': 'info',
    'discriminator-changed': 'error',
  };
  const out: Record<string, ChangeLevel> = {};
  for (const role of ['parameter', 'body', 'property']) {
    for (const [suffix, level] of Object.entries(request)) out[`request-${role}-${suffix}`] = level;
    if (role === 'parameter') continue;
    for (const [suffix, level] of Object.entries(response)) out[`response-${role}-${suffix}`] = level;
  }
  return out;
}

/** The suffixes of the constraint rules, for tests and docs. */
export const CONSTRAINT_SUFFIXES = [
  'max-decreased',
  'max-increased',
  'min-increased',
  'min-decreased',
  'max-length-decreased',
  'max-length-increased',
  'min-length-increased',
  'min-length-decreased',
  'max-items-decreased',
  'max-items-increased',
  'min-items-increased',
  'min-items-decreased',
  'pattern-added',
  'pattern-changed',
  'pattern-removed',
  'one-of-removed',
  'one-of-added',
  'any-of-removed',
  'any-of-added',
  'discriminator-changed',
] as const;

/**
 * Builds a change with the level the catalogue fixes for its id.
 *
 * @example
 * createChange('response-removed', 'old', '/paths/~1pets/get/responses/404', 'Response 404 was removed.').level; // 'error'
 */
export function createChange(id: ChangeId, side: ChangeSide, location: string, message: string): RawChange {
  return { id, level: CHANGE_LEVELS[id], location, side, message };
}
