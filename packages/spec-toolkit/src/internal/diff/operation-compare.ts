import { appendAll } from '../append-all.js';
import { createChange, type RawChange } from './change-catalog.js';
import { compareResponseHeaders, compareSchemeDefinitions } from './header-and-scheme-rules.js';
import type { OperationMatch } from './match-operations.js';
import { compareOperationMetadata, comparePathTemplates } from './operation-metadata.js';
import { parameterKey, readOperationDetails } from './operation-view.js';
import type { SchemaComparer } from './schema-compare.js';
import type { SchemaContext } from './schema-context.js';
import { compareSecurity } from './security-view.js';
import type { BodyView, MediaView, OperationDetails, SpecSide } from './side-views.js';

/** Both documents and the comparer shared by every operation, so shared schemas are compared once. */
export interface DiffSession {
  old: SpecSide;
  new: SpecSide;
  schemas: SchemaComparer;
}

/**
 * Every change between the two versions of one operation (changes may repeat; the caller dedupes).
 *
 * @example
 * compareOperation(session, { old: oldEntry, new: newEntry }).map((change) => change.id);
 */
export function compareOperation(session: DiffSession, match: OperationMatch): RawChange[] {
  const changes: RawChange[] = [];
  compareOperationMetadata(match, changes);
  const renames = comparePathTemplates(match, changes);
  const before = readOperationDetails(session.old, match.old);
  const after = readOperationDetails(session.new, match.new);
  compareParameters(session, before, after, renames, changes);
  compareBodies(session, before.body, after.body, changes);
  compareResponses(session, before, after, changes);
  appendAll(changes, compareSecurity(before.security, after.security));
  compareSchemeDefinitions(session, before.security, after.security, changes);
  return changes;
}

function compareParameters(
  session: DiffSession,
  before: OperationDetails,
  after: OperationDetails,
  renames: Map<string, string>,
  changes: RawChange[],
): void {
  const unmatched = new Map(after.parameters);
  for (const old of before.parameters.values()) {
    const key =
      old.in === 'path' && renames.has(old.name)
        ? parameterKey('path', renames.get(old.name) ?? '')
        : old.key;
    const now = after.parameters.get(key);
    const label = `${capitalize(old.in)} parameter "${old.name}"`;
    if (!now) {
      changes.push(createChange('request-parameter-removed', 'old', old.pointer, `${label} was removed.`));
      continue;
    }
    unmatched.delete(key);
    if (!old.required && now.required) {
      changes.push(
        createChange('request-parameter-became-required', 'new', now.pointer, `${label} became required.`),
      );
    } else if (old.required && !now.required) {
      changes.push(
        createChange('request-parameter-became-optional', 'new', now.pointer, `${label} became optional.`),
      );
    }
    if (!old.deprecated && now.deprecated) {
      changes.push(
        createChange('request-parameter-deprecated', 'new', now.pointer, `${label} was deprecated.`),
      );
    }
    if (old.schema && now.schema) {
      const context: SchemaContext = {
        direction: 'request',
        role: 'parameter',
        subject: `${now.in} parameter "${now.name}"`,
      };
      appendAll(changes, session.schemas.compareSchemas(old.schema, now.schema, context));
    }
  }
  for (const now of unmatched.values()) {
    const label = `${capitalize(now.in)} parameter "${now.name}"`;
    if (now.required) {
      changes.push(
        createChange('new-required-request-parameter', 'new', now.pointer, `${label} was added as required.`),
      );
    } else {
      changes.push(createChange('new-optional-request-parameter', 'new', now.pointer, `${label} was added.`));
    }
  }
}

function compareBodies(
  session: DiffSession,
  before: BodyView | undefined,
  after: BodyView | undefined,
  changes: RawChange[],
): void {
  if (!before && !after) return;
  if (!before && after) {
    const id = after.required ? 'new-required-request-body' : 'new-optional-request-body';
    changes.push(
      createChange(
        id,
        'new',
        after.pointer,
        `A${after.required ? ' required' : 'n optional'} request body was added.`,
      ),
    );
    return;
  }
  if (before && !after) {
    changes.push(
      createChange('request-body-removed', 'old', before.pointer, 'The request body was removed.'),
    );
    return;
  }
  if (!before || !after) return;
  if (!before.required && after.required) {
    changes.push(
      createChange('request-body-became-required', 'new', after.pointer, 'The request body became required.'),
    );
  } else if (before.required && !after.required) {
    changes.push(
      createChange('request-body-became-optional', 'new', after.pointer, 'The request body became optional.'),
    );
  }
  const context: SchemaContext = { direction: 'request', role: 'body', subject: 'request body' };
  compareMedia(session, before.media, after.media, context, changes);
}

function compareResponses(
  session: DiffSession,
  before: OperationDetails,
  after: OperationDetails,
  changes: RawChange[],
): void {
  for (const [status, old] of before.responses) {
    const now = after.responses.get(status);
    if (!now) {
      changes.push(createChange('response-removed', 'old', old.pointer, `Response ${status} was removed.`));
      continue;
    }
    const context: SchemaContext = {
      direction: 'response',
      role: 'body',
      subject: `response ${status} body`,
    };
    compareMedia(session, old.media, now.media, context, changes);
    compareResponseHeaders(
      session,
      status,
      { raw: old.raw, pointer: old.pointer },
      { raw: now.raw, pointer: now.pointer },
      changes,
    );
  }
  for (const [status, now] of after.responses) {
    if (!before.responses.has(status)) {
      changes.push(createChange('response-added', 'new', now.pointer, `Response ${status} was added.`));
    }
  }
}

/** Media types removed, added, and the schemas of those on both sides. */
function compareMedia(
  session: DiffSession,
  before: Map<string, MediaView>,
  after: Map<string, MediaView>,
  context: SchemaContext,
  changes: RawChange[],
): void {
  const request = context.direction === 'request';
  const where = request ? 'the request body' : context.subject.replace(/ body$/, '');
  for (const [type, old] of before) {
    const now = after.get(type);
    if (!now) {
      const id = request ? 'request-media-type-removed' : 'response-media-type-removed';
      changes.push(createChange(id, 'old', old.pointer, `Media type ${type} was removed from ${where}.`));
      continue;
    }
    const oldNode = old.node ?? (old.schema && session.old.reader.readNode(old.schema));
    const newNode = now.node ?? (now.schema && session.new.reader.readNode(now.schema));
    if (oldNode && newNode)
      appendAll(changes, session.schemas.compareNodes({ old: oldNode, new: newNode, context }));
  }
  for (const [type, now] of after) {
    if (before.has(type)) continue;
    const id = request ? 'request-media-type-added' : 'response-media-type-added';
    changes.push(createChange(id, 'new', now.pointer, `Media type ${type} was added to ${where}.`));
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
