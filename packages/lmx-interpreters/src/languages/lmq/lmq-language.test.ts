import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

const DAY_MS = 86_400_000;

/** An in-process `db` bridge over fixed rows (the server's bridge applies the real read checks). */
function rowsBridge(rows: Record<string, unknown>[]) {
  const requests: unknown[] = [];
  return {
    requests,
    bridges: {
      available: new Set(['db'] as const),
      call(_bridge: string, _method: string, args: unknown) {
        requests.push(args);
        return { rows };
      },
    },
  };
}

describe('lmq', () => {
  it('calls builtins such as days_ago in WHERE, and reads a field that shares a builtin name', () => {
    const now = Date.now();
    const { bridges, requests } = rowsBridge([
      { title: 'new', createdAt: now - DAY_MS, len: 3 },
      { title: 'old', createdAt: now - 30 * DAY_MS, len: 9 },
    ]);
    const result = executeScript(
      {
        mode: 'lmq',
        source:
          'FROM notes WHERE createdAt > days_ago(7) SELECT title\nFROM notes WHERE len > 5 SELECT title',
      },
      { bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['{title: "new"}', '(1 row)', '{title: "old"}', '(1 row)']);
    expect(requests[0]).toMatchObject({ collection: 'notes', limit: 5000 });
  });

  it('asks the bridge for only the fields a query reads, and for whole rows when it selects none', () => {
    const { bridges, requests } = rowsBridge([{ n: 1, tag: 'a', meta: { kind: 'k' }, blob: 'x' }]);
    const checked = executeScript(
      {
        mode: 'lmq',
        source:
          'FROM big WHERE n >= 0 AND tag = "a" SELECT count()\nFROM big ORDER BY n SELECT meta.kind, len(tag)\nFROM big WHERE n > 0',
      },
      { bridges },
    );
    expect(checked.error).toBeUndefined();
    expect(requests.map((request) => (request as { fields?: string[] }).fields)).toEqual([
      ['n', 'tag'],
      ['n', 'meta', 'len', 'tag'],
      undefined,
    ]);
  });

  it('refuses a field no row has with the closest field, unless read as row?.x', () => {
    const { bridges, requests } = rowsBridge([{ id: 1, amount: 3 }]);
    const result = executeScript({ mode: 'lmq', source: 'FROM orders SELECT amout' }, { bridges });
    expect(result.error).toMatchObject({
      code: 'E_RUNTIME',
      message:
        'no row of orders has a field "amout" (did you mean "amount"?); row?.amout reads a field that may be absent',
      line: 1,
    });
    const optional = executeScript({ mode: 'lmq', source: 'FROM orders SELECT id, row?.note' }, { bridges });
    expect(optional.output).toEqual(['{id: 1, note: null}', '(1 row)']);
    // row?.note asks the bridge for the field note, not for whole rows.
    expect(requests.at(-1)).toMatchObject({ fields: ['id', 'note'] });
  });

  it('reports several check errors at once, across and within queries', () => {
    const result = executeScript({
      mode: 'lmq',
      source:
        'FORM orders SELECT count()\nFROM orders GROUP BY status SELECT customer, sum(amount)\nFROM orders WHERE sum(amount) > 3 LIMIT 0 SELECT id',
    });
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:1 unknown statement "FORM" (did you mean "FROM"?)',
      '2:36 SELECT reads "customer" outside an aggregate; add it to GROUP BY or wrap it in an aggregate (count, sum, avg, min, max, median)',
      '3:19 WHERE filters rows before they are grouped: an aggregate belongs in HAVING',
      '3:41 LIMIT takes a whole number from 1 to 5000',
    ]);
  });

  it('reads date("YYYY-MM-DD") as epoch ms and refuses a malformed one', () => {
    const { bridges } = rowsBridge([{ at: Date.UTC(2026, 0, 2) }, { at: Date.UTC(2025, 5, 1) }]);
    expect(
      executeScript(
        { mode: 'lmq', source: 'FROM x WHERE at > date("2026-01-01") SELECT count()' },
        { bridges },
      ).output,
    ).toEqual(['1']);
    expect(
      executeScript(
        { mode: 'lmq', source: 'FROM x WHERE at > date("01/02/2026") SELECT count()' },
        { bridges },
      ).error,
    ).toMatchObject({
      code: 'E_RUNTIME',
      message: 'date expects "YYYY-MM-DD" or an ISO date and time, not "01/02/2026"',
    });
  });

  it('does not send ORDER BY of a grouped query to the bridge, and reads every row for it', () => {
    const { bridges, requests } = rowsBridge([{ s: 'a', n: 1 }]);
    executeScript(
      { mode: 'lmq', source: 'FROM x GROUP BY s ORDER BY total SELECT s, sum(n) AS total LIMIT 1' },
      { bridges },
    );
    expect(requests[0]).toMatchObject({ orderBy: [], limit: 5000, fields: ['s', 'n'] });
  });

  it('tells a misspelt field in a filter the database applied from no match', () => {
    const rows = [{ id: 1, status: 'paid' }];
    const bridges = {
      available: new Set(['db'] as const),
      call(_bridge: string, _method: string, args: unknown) {
        const { where = {} } = args as { where?: Record<string, unknown> };
        return {
          rows: rows.filter((row) =>
            Object.entries(where).every(([k, v]) => (row as Record<string, unknown>)[k] === v),
          ),
        };
      },
    };
    expect(
      executeScript({ mode: 'lmq', source: 'FROM orders WHERE stauts = "paid" SELECT count()' }, { bridges })
        .error,
    ).toMatchObject({
      code: 'E_RUNTIME',
      message:
        'no row of orders has a field "stauts" (did you mean "status"?); row?.stauts reads a field that may be absent',
    });
    expect(
      executeScript({ mode: 'lmq', source: 'FROM orders WHERE status = "void" SELECT count()' }, { bridges })
        .output,
    ).toEqual(['0']);
  });

  it('asks the bridge for OFFSET + LIMIT rows and skips the first OFFSET', () => {
    const { bridges, requests } = rowsBridge([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const result = executeScript(
      { mode: 'lmq', source: 'FROM x ORDER BY n OFFSET 1 LIMIT 1 SELECT n' },
      { bridges },
    );
    expect(result.output).toEqual(['{n: 2}', '(1 row)']);
    expect(requests[0]).toMatchObject({ orderBy: [{ field: 'n', direction: 'asc' }], limit: 2 });
  });

  it('reports every independent problem of one query together', () => {
    const result = executeScript({
      mode: 'lmq',
      source: 'FROM orders WHERE sum(amount) > 3 GROUP BY status LIMIT 0 SELECT customer, count()',
    });
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:19 WHERE filters rows before they are grouped: an aggregate belongs in HAVING',
      '1:57 LIMIT takes a whole number from 1 to 5000',
      '1:66 SELECT reads "customer" outside an aggregate; add it to GROUP BY or wrap it in an aggregate (count, sum, avg, min, max, median)',
    ]);
  });
});

describe('lmq names the closest collection for a misspelt FROM', () => {
  /** A bridge over fixed collections that, like the server's, lists the non-empty ones on an empty answer. */
  function collectionsBridge(collections: Record<string, Record<string, unknown>[]>) {
    return {
      available: new Set(['db'] as const),
      call(_bridge: string, _method: string, args: unknown) {
        const { collection, where = {} } = args as { collection: string; where?: Record<string, unknown> };
        const rows = (collections[collection] ?? []).filter((row) =>
          Object.entries(where).every(([key, value]) => row[key] === value),
        );
        if (rows.length > 0) return { rows };
        const listed = Object.keys(collections).filter((name) => (collections[name] ?? []).length > 0);
        return { rows, collections: listed };
      },
    };
  }
  const bridges = collectionsBridge({ notes: [{ title: 'a' }], orders: [{ status: 'paid' }], drafts: [] });

  it('ends the run at FROM with the readable collection the name resembles', () => {
    const result = executeScript(
      { mode: 'lmq', source: 'FROM notes SELECT count()\n  FROM notse SELECT count()' },
      { bridges },
    );
    expect(result.output).toEqual(['1']);
    expect(result.error).toMatchObject({
      code: 'E_RUNTIME',
      message: 'no collection "notse" has rows you can read; did you mean "notes"?',
      line: 2,
      column: 3,
    });
  });

  it('answers no rows for an empty collection no readable name resembles', () => {
    const result = executeScript(
      { mode: 'lmq', source: 'FROM drafts SELECT count()\nFROM zzz' },
      { bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['0', '(0 rows)']);
  });

  it('answers no rows when the collection has rows but the filter matches none', () => {
    const result = executeScript(
      { mode: 'lmq', source: 'FROM orders WHERE status = "void" SELECT count()' },
      { bridges },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['0']);
  });

  it('answers no rows from a host that lists no collections', () => {
    const { bridges: plain } = rowsBridge([]);
    const result = executeScript({ mode: 'lmq', source: 'FROM notse SELECT count()' }, { bridges: plain });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['0']);
  });
});
