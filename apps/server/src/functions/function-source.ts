import type { GateDatabase, RequestUser } from '@svc/gate';
import type { Kysely } from 'kysely';
import type { CapabilityRegistry } from '../capabilities/capability-registry.js';
import type { CapabilitySource } from '../capabilities/capability-source.js';
import type { Capability } from '../capabilities/capability-types.js';
import { FUNCTION_SCHEMA_BOUNDS } from '../capabilities/schema-bounds.js';
import { resolveExecutor, toFunctionCapability } from './function-capability.js';
import {
  FUNCTION_COLLECTION,
  type FunctionDefinition,
  readFunctionDefinition,
  toParametersProblem,
} from './function-definition.js';

/** The most stored functions one user's listing reads. */
export const MAX_FUNCTIONS_PER_USER = 500;

/** The built-in functions: `dream` runs the ideation pipeline (`action:dream` → `dreamer.dream`). */
export const BUILT_IN_FUNCTIONS = [{ name: 'dream', executor: 'action:dream' }] as const;

/** One function as a caller's listing shows it, with why it cannot be called when it cannot. */
export interface FunctionEntry {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  executor: string;
  builtIn: boolean;
  documentId?: string;
  /** Empty when callable; otherwise what is wrong (a bad document, an unknown executor, a name taken). */
  problems: string[];
  capability?: Capability;
}

async function readStoredDocuments(
  db: Kysely<GateDatabase>,
  owner: string,
): Promise<Array<Record<string, unknown> & { id: string }>> {
  const rows = await db
    .selectFrom('documents')
    .select(['id', 'body'])
    .where('collection', '=', FUNCTION_COLLECTION)
    .where('owner', '=', owner)
    .orderBy('created_at', 'asc')
    .limit(MAX_FUNCTIONS_PER_USER)
    .execute();
  return rows.map((row) => {
    try {
      return { ...(JSON.parse(row.body) as Record<string, unknown>), id: row.id };
    } catch {
      return { id: row.id } as Record<string, unknown> & { id: string };
    }
  });
}

async function toEntry(
  registry: CapabilityRegistry,
  definition: FunctionDefinition,
  user: RequestUser,
  builtIn: boolean,
): Promise<FunctionEntry> {
  const base = {
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters,
    executor: definition.executor,
    builtIn,
    ...(definition.documentId === undefined ? {} : { documentId: definition.documentId }),
  };
  if (definition.run.kind === 'script') {
    return { ...base, problems: [], capability: toFunctionCapability(registry, definition, undefined) };
  }
  const executor = await resolveExecutor(registry, definition.run.capability, user).catch(() => undefined);
  if (executor === undefined)
    return { ...base, problems: [`executor ${definition.executor}: no such capability here.`] };
  return { ...base, problems: [], capability: toFunctionCapability(registry, definition, executor) };
}

/**
 * Every function `user` has: the built-in ones (whose executor exists here), then the user's own
 * `function_calls` documents, each checked — its `parameters` compiled on the schema thread, once
 * per distinct schema (`registry.userSchemas`) — and a stored name equal to an earlier one is a
 * problem.
 *
 * @example
 * const entries = await listFunctionEntries(registry, db, user);
 */
export async function listFunctionEntries(
  registry: CapabilityRegistry,
  db: Kysely<GateDatabase>,
  user: RequestUser,
): Promise<FunctionEntry[]> {
  const entries: FunctionEntry[] = [];
  for (const builtIn of BUILT_IN_FUNCTIONS) {
    const executor = await resolveExecutor(registry, builtIn.executor.slice('action:'.length), user);
    if (executor === undefined) continue;
    const definition: FunctionDefinition = {
      name: builtIn.name,
      description: executor.description,
      // The executor's own schema, referenced rather than declared again.
      parameters: executor.input,
      executor: builtIn.executor,
      run: { kind: 'action', capability: executor.id },
    };
    entries.push(await toEntry(registry, definition, user, true));
  }
  for (const document of await readStoredDocuments(db, user.id)) {
    const reading = readFunctionDefinition(document);
    const name = typeof document.name === 'string' ? document.name : '';
    const problems = reading.ok
      ? (await registry.userSchemas.check(reading.definition.parameters, FUNCTION_SCHEMA_BOUNDS)).map(
          toParametersProblem,
        )
      : reading.problems;
    if (!reading.ok || problems.length > 0) {
      entries.push({
        name,
        description: typeof document.description === 'string' ? document.description : '',
        parameters: {},
        executor: typeof document.executor === 'string' ? document.executor : '',
        builtIn: false,
        documentId: document.id,
        problems,
      });
      continue;
    }
    const entry = await toEntry(registry, reading.definition, user, false);
    if (entries.some((other) => other.name === name && other.problems.length === 0)) {
      const { capability: _taken, ...rest } = entry;
      entries.push({ ...rest, problems: [`the name ${name} is already taken by an earlier function.`] });
      continue;
    }
    entries.push(entry);
  }
  return entries;
}

/**
 * The registry source of `functions.<name>`: a signed-in caller's callable functions (none
 * for anonymous callers). Read from the database on every listing and call, so a document
 * written through `/db` is callable at once.
 *
 * @example
 * registry.addSource(createFunctionSource(registry, database.db));
 */
export function createFunctionSource(
  registry: CapabilityRegistry,
  db: Kysely<GateDatabase>,
): CapabilitySource {
  return {
    prefix: 'functions.',
    outsideSchemas: true,
    async list(user) {
      if (user === null) return [];
      const entries = await listFunctionEntries(registry, db, user);
      return entries.flatMap((entry) => (entry.capability ? [entry.capability] : []));
    },
  };
}
