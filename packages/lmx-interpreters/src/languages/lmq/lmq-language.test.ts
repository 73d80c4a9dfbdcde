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
});
