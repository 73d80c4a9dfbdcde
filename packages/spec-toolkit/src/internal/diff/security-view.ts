import { isPlainObject, joinPointer } from '../json-pointer.js';
import type { OperationEntry } from '../spec-model.js';
import { createChange, type RawChange } from './change-catalog.js';

/** One Security Requirement Object: every scheme in it must be satisfied, with the listed scopes. */
export interface SecurityRequirement {
  /** Canonical text, equal for equal requirements. */
  key: string;
  schemes: Map<string, Set<string>>;
  /** True for the anonymous requirement read in when nothing is declared. */
  implied: boolean;
}

/** The security in effect for an operation: alternatives, any one of which lets a client in. */
export interface SecurityView {
  requirements: SecurityRequirement[];
  /** The operation's `security`, else the document's, else the operation itself. */
  pointer: string;
}

const ANONYMOUS: SecurityRequirement = { key: '{}', schemes: new Map(), implied: true };

/**
 * The operation's own `security`, else the document's; no declaration means anyone may call.
 *
 * @example
 * readSecurityView(doc, entry).requirements.map((r) => r.key); // ['oauth [read]']
 */
export function readSecurityView(doc: Record<string, unknown>, entry: OperationEntry): SecurityView {
  const own = entry.operation.security;
  if (Array.isArray(own))
    return { requirements: readRequirements(own), pointer: joinPointer(entry.pointer, 'security') };
  if (Array.isArray(doc.security))
    return { requirements: readRequirements(doc.security), pointer: '/security' };
  return { requirements: [ANONYMOUS], pointer: entry.pointer };
}

function readRequirements(list: unknown[]): SecurityRequirement[] {
  const out = new Map<string, SecurityRequirement>();
  for (const item of list) {
    if (!isPlainObject(item)) continue;
    const schemes = new Map<string, Set<string>>();
    for (const [name, scopes] of Object.entries(item)) {
      schemes.set(
        name,
        new Set(Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : []),
      );
    }
    const key = describeRequirement(schemes);
    if (!out.has(key)) out.set(key, { key, schemes, implied: false });
  }
  return out.size === 0 ? [ANONYMOUS] : [...out.values()];
}

function describeRequirement(schemes: Map<string, Set<string>>): string {
  if (schemes.size === 0) return '{}';
  return [...schemes.keys()]
    .sort()
    .map((name) => {
      const scopes = [...(schemes.get(name) ?? [])].sort();
      return scopes.length === 0 ? name : `${name} [${scopes.join(', ')}]`;
    })
    .join(' + ');
}

/** True when a client satisfying `held` also satisfies `wanted`. */
function covers(held: SecurityRequirement, wanted: SecurityRequirement): boolean {
  for (const [name, scopes] of wanted.schemes) {
    const have = held.schemes.get(name);
    if (!have) return false;
    for (const scope of scopes) if (!have.has(scope)) return false;
  }
  return true;
}

/**
 * Compares the alternatives. A client used one old alternative; it keeps working when some new
 * alternative asks for no more than that one did. Additions are breaking only when some old
 * alternative stops working, so offering one more way to authenticate is not.
 *
 * @example
 * compareSecurity(readSecurityView(oldDoc, oldEntry), readSecurityView(newDoc, newEntry));
 */
export function compareSecurity(before: SecurityView, after: SecurityView): RawChange[] {
  const changes: RawChange[] = [];
  const stranded = before.requirements.filter((old) => !after.requirements.some((now) => covers(old, now)));
  const oldKeys = new Set(before.requirements.map((r) => r.key));
  const newKeys = new Set(after.requirements.map((r) => r.key));
  for (const requirement of after.requirements) {
    if (oldKeys.has(requirement.key) || requirement.implied) continue;
    const name = label(requirement);
    if (stranded.length > 0) {
      const text = `Security requirement added: ${name}; clients that used ${stranded.map(label).join(' or ')} are now refused.`;
      changes.push(createChange('security-requirement-added', 'new', after.pointer, text));
    } else {
      changes.push(
        createChange('security-alternative-added', 'new', after.pointer, `New way to authenticate: ${name}.`),
      );
    }
  }
  for (const requirement of before.requirements) {
    if (newKeys.has(requirement.key) || requirement.implied) continue;
    if (stranded.includes(requirement)) {
      const text = `Clients that used ${label(requirement)} can no longer call this operation.`;
      changes.push(createChange('security-alternative-removed', 'old', before.pointer, text));
    } else {
      const text = `Security requirement ${label(requirement)} was relaxed or removed.`;
      changes.push(createChange('security-requirement-relaxed', 'old', before.pointer, text));
    }
  }
  return changes;
}

function label(requirement: SecurityRequirement): string {
  return requirement.key === '{}' ? 'anonymous access' : requirement.key;
}
