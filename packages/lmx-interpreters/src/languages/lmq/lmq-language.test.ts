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
      ['n', 'tag', 'count'],
      ['n', 'meta', 'len', 'tag'],
      undefined,
    ]);
  });
});
