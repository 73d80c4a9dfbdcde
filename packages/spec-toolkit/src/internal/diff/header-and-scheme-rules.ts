import { isPlainObject, joinPointer } from '../json-pointer.js';
import { createChange, type RawChange } from './change-catalog.js';
import type { SecurityView } from './security-view.js';
import type { SpecSide } from './side-views.js';

/** One documented response header, by lower-case name. */
interface HeaderView {
  name: string;
  pointer: string;
  required: boolean;
}

/**
 * The headers a response documents (3.x `headers`, following `$ref`s; 2.0 `headers`), keyed by
 * lower-case name since HTTP header names are case-insensitive.
 */
function readHeaders(side: SpecSide, response: unknown, pointer: string): Map<string, HeaderView> {
  const out = new Map<string, HeaderView>();
  const resolved = side.resolve(response, pointer);
  if (!resolved || !isPlainObject(resolved.value) || !isPlainObject(resolved.value.headers)) return out;
  const base = joinPointer(resolved.pointer, 'headers');
  for (const [name, raw] of Object.entries(resolved.value.headers)) {
    const at = joinPointer(base, name);
    const header = side.resolve(raw, at);
    const required = header !== undefined && isPlainObject(header.value) && header.value.required === true;
    out.set(name.toLowerCase(), { name, pointer: at, required });
  }
  return out;
}

/**
 * Response headers of one status present on both sides: a removed header breaks clients that
 * read it (always when it was required), an added one is safe, one that may now be missing is risky.
 *
 * @example
 * compareResponseHeaders(session.old, session.new, '200', oldResponse, newResponse, changes);
 */
export function compareResponseHeaders(
  sides: { old: SpecSide; new: SpecSide },
  status: string,
  before: { raw: unknown; pointer: string },
  after: { raw: unknown; pointer: string },
  changes: RawChange[],
): void {
  const oldHeaders = readHeaders(sides.old, before.raw, before.pointer);
  const newHeaders = readHeaders(sides.new, after.raw, after.pointer);
  for (const [key, old] of oldHeaders) {
    const now = newHeaders.get(key);
    const label = `Response ${status} header "${old.name}"`;
    if (!now) {
      const id = old.required ? 'response-required-header-removed' : 'response-optional-header-removed';
      changes.push(createChange(id, 'old', old.pointer, `${label} was removed.`));
    } else if (old.required && !now.required) {
      changes.push(
        createChange('response-header-became-optional', 'new', now.pointer, `${label} became optional.`),
      );
    } else if (!old.required && now.required) {
      changes.push(
        createChange('response-header-became-required', 'new', now.pointer, `${label} became required.`),
      );
    }
  }
  for (const [key, now] of newHeaders) {
    if (!oldHeaders.has(key))
      changes.push(
        createChange(
          'response-header-added',
          'new',
          now.pointer,
          `Response ${status} header "${now.name}" was added.`,
        ),
      );
  }
}

/** The security scheme definitions of a document: 3.x `components.securitySchemes`, 2.0 `securityDefinitions`. */
function readSchemes(side: SpecSide): { schemes: Record<string, unknown>; base: string } {
  if (side.swagger2) {
    const schemes = side.doc.securityDefinitions;
    return { schemes: isPlainObject(schemes) ? schemes : {}, base: '/securityDefinitions' };
  }
  const components = side.doc.components;
  const schemes = isPlainObject(components) ? components.securitySchemes : undefined;
  return { schemes: isPlainObject(schemes) ? schemes : {}, base: '/components/securitySchemes' };
}

/**
 * Changes to the definitions of the security schemes an operation uses on both sides: a
 * scheme gone or of another type, an API key moved or renamed, OAuth scopes removed (breaking);
 * OAuth URLs changed (risky); scopes added (safe).
 *
 * @example
 * compareSchemeDefinitions(sides, before.security, after.security, changes);
 */
export function compareSchemeDefinitions(
  sides: { old: SpecSide; new: SpecSide },
  before: SecurityView,
  after: SecurityView,
  changes: RawChange[],
): void {
  const used = new Set<string>();
  for (const requirement of before.requirements)
    for (const name of requirement.schemes.keys()) used.add(name);
  const stillUsed = new Set<string>();
  for (const requirement of after.requirements)
    for (const name of requirement.schemes.keys()) stillUsed.add(name);
  const oldSchemes = readSchemes(sides.old);
  const newSchemes = readSchemes(sides.new);
  for (const name of [...used].filter((scheme) => stillUsed.has(scheme)).sort()) {
    const oldAt = joinPointer(oldSchemes.base, name);
    const newAt = joinPointer(newSchemes.base, name);
    const was = sides.old.resolve(oldSchemes.schemes[name], oldAt)?.value;
    const now = sides.new.resolve(newSchemes.schemes[name], newAt)?.value;
    const label = `Security scheme "${name}"`;
    if (!isPlainObject(was)) continue;
    if (!isPlainObject(now)) {
      changes.push(createChange('security-scheme-removed', 'old', oldAt, `${label} is no longer defined.`));
      continue;
    }
    if (was.type !== now.type || was.scheme !== now.scheme) {
      const from = [was.type, was.scheme].filter(Boolean).join(' ');
      const to = [now.type, now.scheme].filter(Boolean).join(' ');
      changes.push(
        createChange('security-scheme-type-changed', 'new', newAt, `${label} changed from ${from} to ${to}.`),
      );
      continue;
    }
    if (was.in !== now.in || was.name !== now.name) {
      changes.push(
        createChange(
          'security-scheme-api-key-changed',
          'new',
          newAt,
          `${label} is now sent as ${String(now.in)} "${String(now.name)}" (was ${String(was.in)} "${String(was.name)}").`,
        ),
      );
    }
    compareOAuth(was, now, newAt, label, changes);
  }
}

function compareOAuth(
  was: Record<string, unknown>,
  now: Record<string, unknown>,
  at: string,
  label: string,
  changes: RawChange[],
): void {
  const urls = (scheme: Record<string, unknown>): string =>
    JSON.stringify(
      ['authorizationUrl', 'tokenUrl', 'refreshUrl', 'openIdConnectUrl']
        .map((key) => scheme[key])
        .concat(
          Object.entries(isPlainObject(scheme.flows) ? scheme.flows : {})
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([flow, value]) =>
              isPlainObject(value)
                ? `${flow}:${String(value.authorizationUrl)}:${String(value.tokenUrl)}`
                : flow,
            ),
        ),
    );
  if (urls(was) !== urls(now))
    changes.push(
      createChange(
        'security-scheme-oauth-url-changed',
        'new',
        at,
        `${label} changed its OAuth URLs or flows.`,
      ),
    );
  const scopes = (scheme: Record<string, unknown>): Set<string> => {
    const out = new Set<string>();
    if (isPlainObject(scheme.scopes)) for (const scope of Object.keys(scheme.scopes)) out.add(scope);
    if (isPlainObject(scheme.flows))
      for (const flow of Object.values(scheme.flows))
        if (isPlainObject(flow) && isPlainObject(flow.scopes))
          for (const scope of Object.keys(flow.scopes)) out.add(scope);
    return out;
  };
  const before = scopes(was);
  const after = scopes(now);
  for (const scope of [...before].sort())
    if (!after.has(scope))
      changes.push(
        createChange(
          'security-scheme-scope-removed',
          'new',
          at,
          `${label} no longer offers the scope "${scope}".`,
        ),
      );
  for (const scope of [...after].sort())
    if (!before.has(scope))
      changes.push(
        createChange('security-scheme-scope-added', 'new', at, `${label} offers the new scope "${scope}".`),
      );
}
