import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { GateDatabase } from '../db/schema.js';
import { GateError } from '../errors.js';
import type { RequestUser } from '../types.js';
import { projectBody } from './json-sql.js';
import { encodeCursor } from './list-cursor.js';
import { toFilterCandidates } from './list-filters.js';
import { type ListQuery, runListQuery } from './list-query.js';
import { detectSqlDialect, type SqlDialect } from './sql-dialect.js';

/** A Kysely over DummyDriver that records every compiled query instead of running it. */
function recordingDb(dialect: SqlDialect): { db: Kysely<GateDatabase>; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const db = new Kysely<GateDatabase>({
    dialect: {
      createAdapter: () => (dialect === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) =>
        dialect === 'sqlite' ? new SqliteIntrospector(inner) : new PostgresIntrospector(inner),
      createQueryCompiler: () =>
        dialect === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
    log: (event) => {
      queries.push(event.query);
    },
  });
  return { db, queries };
}

const bob = { id: 'bob', isAdmin: false } as RequestUser;

function listOf(overrides: Partial<ListQuery>): ListQuery {
  return {
    user: bob,
    collection: 'notes',
    filters: {},
    sort: undefined,
    cursor: undefined,
    limit: 50,
    ...overrides,
  };
}

async function compile(dialect: SqlDialect, query: Partial<ListQuery>): Promise<CompiledQuery> {
  const { db, queries } = recordingDb(dialect);
  await runListQuery(db, dialect, listOf(query));
  const [compiled] = queries;
  if (!compiled) throw new Error('no query ran');
  return compiled;
}

async function codeOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    if (error instanceof GateError) return error.code;
    throw error;
  }
}

const HOSTILE_VALUES = ["'; DROP TABLE documents; --", "a') OR ('1'='1", '" or ""="', '$.owner', '\\', '%_*'];

describe.each(['sqlite', 'postgres'] as const)('list SQL on %s', (dialect) => {
  it('detects its dialect from the adapter', () => {
    expect(detectSqlDialect(recordingDb(dialect).db as Kysely<unknown>)).toBe(dialect);
  });

  it('binds filter values and field names as parameters, never as SQL text', async () => {
    for (const value of HOSTILE_VALUES) {
      const compiled = await compile(dialect, { filters: { title: value, owner: value } });
      expect(compiled.sql).not.toContain(value);
      expect(compiled.parameters).toContain(value);
      expect(compiled.parameters).toContain(dialect === 'sqlite' ? '$.title' : 'title');
    }
  });

  it('binds body sort fields and cursor values as parameters', async () => {
    const cursor = encodeCursor('-score', [3, 0, "x') or 1=1 --", 'id-9']);
    const compiled = await compile(dialect, { sort: '-score', cursor });
    expect(compiled.sql).not.toContain('score');
    expect(compiled.sql).not.toContain('or 1=1');
    expect(compiled.parameters).toContain("x') or 1=1 --");
    expect(compiled.sql).toMatch(/\) < \(/);
  });

  it('limits what a member sees to their own and public rows, and an anonymous caller to public rows', async () => {
    const member = await compile(dialect, {});
    expect(member.sql).toMatch(/owner = .* or visibility = /);
    expect(member.parameters).toEqual(expect.arrayContaining(['bob', 'public', 'notes']));
    const anonymous = await compile(dialect, { user: null });
    expect(anonymous.sql).not.toMatch(/owner =/);
    expect(anonymous.parameters).toEqual(expect.arrayContaining(['public']));
    const admin = await compile(dialect, { user: { id: 'root', isAdmin: true } as RequestUser });
    expect(admin.sql).not.toMatch(/visibility =/);
  });

  it('refuses field names that could shape a JSON path or SQL', async () => {
    for (const field of ['a.b', '$', '[0]', "a'", 'a"b', 'x;drop']) {
      expect(await codeOf(() => compile(dialect, { filters: { [field]: '1' } }))).toBe('GATE_INVALID_FIELD');
    }
    for (const sort of ['-createdAt;drop', '(select 1)', '--x', 'a,b', ' -x']) {
      expect(await codeOf(() => compile(dialect, { sort }))).toBe('GATE_INVALID_FIELD');
    }
  });

  it('refuses bad system-field filter values and too many filters', async () => {
    expect(await codeOf(() => compile(dialect, { filters: { createdAt: 'yesterday' } }))).toBe(
      'GATE_INVALID_INPUT',
    );
    expect(await codeOf(() => compile(dialect, { filters: { owner: 'me' }, user: null }))).toBe(
      'GATE_UNAUTHENTICATED',
    );
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`f${index}`, 'x']));
    expect(await codeOf(() => compile(dialect, { filters: many }))).toBe('GATE_INVALID_INPUT');
    expect(await codeOf(() => compile(dialect, { filters: { a: 'x\u0000' } }))).toBe('GATE_INVALID_INPUT');
  });

  it('reads ids and body sizes first, never bodies, so a page can be cut by bytes before any is loaded', async () => {
    const compiled = await compile(dialect, { limit: 5000 });
    expect(compiled.sql).toMatch(/octet_length\(body\)/);
    expect(compiled.sql).not.toMatch(/select \*/);
    expect(compiled.sql.replace(/octet_length\(body\)/g, '')).not.toMatch(/"body"|\bbody\b/);
  });

  it('cuts bodies down to picked fields in the database, binding the names as parameters', async () => {
    const { db, queries } = recordingDb(dialect);
    await db
      .selectFrom('documents')
      .select(projectBody(dialect, ['title', 'n']).as('body'))
      .execute();
    const [compiled] = queries;
    expect(compiled?.sql).toMatch(/json_each/);
    expect(compiled?.sql).not.toMatch(/title|'n'/);
    expect(compiled?.parameters).toEqual(['title', 'n']);
  });

  it('asks for one row more than the limit to learn whether a next page exists', async () => {
    const compiled = await compile(dialect, { limit: 7 });
    expect(compiled.parameters).toContain(8);
  });
});

describe('filter values from a query string', () => {
  it.each([
    ['hello', ['hello']],
    ['42', ['42', 42]],
    ['-1.5e3', ['-1.5e3', -1500]],
    ['007', ['007']],
    ['true', ['true', true]],
    ['false', ['false', false]],
    ['null', ['null', null]],
    ['1e999', ['1e999']],
  ] as const)('%j matches %j', (text, expected) => {
    expect(toFilterCandidates(text)).toEqual(expected);
  });

  it('matches a typed value as itself only', () => {
    expect(toFilterCandidates(42)).toEqual([42]);
    expect(toFilterCandidates(true)).toEqual([true]);
  });
});
