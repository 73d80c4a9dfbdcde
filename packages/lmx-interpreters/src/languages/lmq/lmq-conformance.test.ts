import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

// The jq and JSONata expressions a user of those tools tries first on a list of orders, and
// the lmq query that answers the same question. `lmq: null` marks a question lmq has no
// form for (yet): the count below says how many it answers, and the test keeps it honest.
const ORDERS = [
  {
    id: 1,
    customer: { name: 'ana' },
    status: 'paid',
    amount: 120,
    createdAt: Date.UTC(2026, 0, 5),
    tags: ['vip'],
  },
  {
    id: 2,
    customer: { name: 'bo' },
    status: 'sent',
    amount: 80,
    createdAt: Date.UTC(2025, 11, 20),
    tags: [],
  },
  {
    id: 3,
    customer: { name: 'ana' },
    status: 'paid',
    amount: 30,
    createdAt: Date.UTC(2026, 0, 9),
    tags: ['gift'],
  },
  { id: 4, customer: { name: 'cy' }, status: 'void', amount: 55, createdAt: Date.UTC(2026, 0, 10), tags: [] },
];

interface Case {
  /** What a jq user types (JSONata in brackets when it is the more natural one). */
  peer: string;
  lmq: string | null;
  output?: string[];
}

const CASES: Case[] = [
  { peer: 'length  [$count($)]', lmq: 'FROM orders SELECT count()', output: ['4'] },
  {
    peer: 'map(select(.status == "paid")) | length',
    lmq: 'FROM orders WHERE status = "paid" SELECT count(*)',
    output: ['2'],
  },
  { peer: 'map(.amount) | add  [$sum(amount)]', lmq: 'FROM orders SELECT sum(amount)', output: ['285'] },
  {
    peer: 'map(.amount) | add / length  [$average(amount)]',
    lmq: 'FROM orders SELECT sum(amount) / count()',
    output: ['71.25'],
  },
  { peer: '[$average(amount)]', lmq: 'FROM orders SELECT avg(amount)', output: ['71.25'] },
  { peer: 'map(.amount) | max  [$max(amount)]', lmq: 'FROM orders SELECT max(amount)', output: ['120'] },
  { peer: 'map(.amount) | min', lmq: 'FROM orders SELECT min(amount)', output: ['30'] },
  {
    peer: 'group_by(.status) | map({status: .[0].status, total: map(.amount) | add})  [orders{status: $sum(amount)}]',
    lmq: 'FROM orders GROUP BY status ORDER BY status SELECT status, sum(amount) AS total',
    output: [
      '{status: "paid", total: 150}',
      '{status: "sent", total: 80}',
      '{status: "void", total: 55}',
      '(3 rows)',
    ],
  },
  {
    peer: 'group_by(.status) | map({status: .[0].status, n: length})',
    lmq: 'FROM orders GROUP BY status ORDER BY n DESC, status SELECT status, count(*) AS n',
    output: ['{status: "paid", n: 2}', '{status: "sent", n: 1}', '{status: "void", n: 1}', '(3 rows)'],
  },
  {
    peer: 'map(.status) | unique  [$distinct(status)]',
    lmq: 'FROM orders ORDER BY status SELECT DISTINCT status',
    output: ['{status: "paid"}', '{status: "sent"}', '{status: "void"}', '(3 rows)'],
  },
  {
    peer: 'map(select(.status | IN("paid", "sent"))) | length',
    lmq: 'FROM orders WHERE status IN ("paid", "sent") SELECT count()',
    output: ['3'],
  },
  {
    peer: 'map(select(.status != "void")) | length',
    lmq: 'FROM orders WHERE status NOT IN ["void"] SELECT count()',
    output: ['3'],
  },
  {
    peer: 'sort_by(.amount) | reverse | .[0:2] | map(.id)',
    lmq: 'FROM orders ORDER BY amount DESC LIMIT 2 SELECT id',
    output: ['{id: 1}', '{id: 2}', '(2 rows)'],
  },
  {
    peer: 'max_by(.amount).id',
    lmq: 'FROM orders ORDER BY amount DESC LIMIT 1 SELECT id',
    output: ['{id: 1}', '(1 row)'],
  },
  {
    peer: 'first.id  [$[0].id]',
    lmq: 'FROM orders ORDER BY id LIMIT 1 SELECT id',
    output: ['{id: 1}', '(1 row)'],
  },
  {
    peer: 'map({id, gross: (.amount * 1.2)})',
    lmq: 'FROM orders WHERE id < 3 ORDER BY id SELECT id, amount * 1.2 AS gross',
    output: ['{id: 1, gross: 144}', '{id: 2, gross: 96}', '(2 rows)'],
  },
  {
    peer: 'map(.customer.name)  [customer.name]',
    lmq: 'FROM orders WHERE id = 2 SELECT customer.name',
    output: ['{name: "bo"}', '(1 row)'],
  },
  {
    peer: 'map(select(.createdAt >= ("2026-01-01" | strptime("%Y-%m-%d") | mktime * 1000))) | length',
    lmq: 'FROM orders WHERE createdAt >= date("2026-01-01") SELECT count()',
    output: ['3'],
  },
  {
    peer: 'map(select(.tags | index("vip"))) | map(.id)',
    lmq: 'FROM orders WHERE "vip" IN tags SELECT id',
    output: ['{id: 1}', '(1 row)'],
  },
  {
    peer: 'map(select(.customer.name | test("^a"))) | length  [$count($[$contains(customer.name, /^a/)])]',
    lmq: 'FROM orders WHERE starts_with(customer.name, "a") SELECT count()',
    output: ['2'],
  },
  {
    peer: 'map("\\(.id): \\(.status)")  [$map($, function($o){$o.id & ": " & $o.status})]',
    lmq: 'FROM orders WHERE id <= 2 ORDER BY id SELECT "{{id}}: {{status}}" AS line',
    output: ['{line: "1: paid"}', '{line: "2: sent"}', '(2 rows)'],
  },
  {
    peer: 'map(.status | ascii_upcase) | unique',
    lmq: 'FROM orders WHERE id = 4 SELECT upper(status)',
    output: ['{upper_status: "VOID"}', '(1 row)'],
  },
  {
    peer: 'any(.amount > 100)',
    lmq: 'FROM orders SELECT max(amount) > 100 AS any_big',
    output: ['true'],
  },
  {
    peer: 'group_by(.customer.name) | map(select(map(.amount) | add > 100))',
    lmq: 'FROM orders GROUP BY status HAVING sum(amount) > 100 SELECT status',
    output: ['{status: "paid"}', '(1 row)'],
  },
  {
    peer: 'map(.amount) | sort | .[length / 2]  (median)',
    lmq: 'FROM orders SELECT median(amount)',
    output: ['67.5'],
  },
  {
    peer: 'map(select(.tags | length > 0)) | length',
    lmq: 'FROM orders WHERE len(tags) > 0 SELECT count()',
    output: ['2'],
  },
  {
    peer: 'map(.amount) | map(. * 2)  [amount ~> $map(function($a){$a * 2})]',
    lmq: 'FROM orders WHERE id = 1 SELECT map([amount, amount], x => x * 2) AS doubled',
    output: ['{doubled: [240, 240]}', '(1 row)'],
  },
  {
    peer: 'map(.customer.name) | unique | length  (SQL count(DISTINCT x))',
    lmq: 'FROM orders SELECT count(DISTINCT customer.name) AS customers',
    output: ['3'],
  },
  {
    peer: 'sort_by(.id) | .[2:4] | map(.id)  (an offset)',
    lmq: 'FROM orders ORDER BY id OFFSET 2 LIMIT 2 SELECT id',
    output: ['{id: 3}', '{id: 4}', '(2 rows)'],
  },
  // Questions lmq has no form for.
  { peer: 'map(.tags[]) | unique  (flattening a list field)', lmq: null },
  { peer: 'orders[status="paid"].amount  (JSONata path filters)', lmq: null },
  { peer: 'to_entries / keys  (the shape of a row)', lmq: null },
];

/** An in-process `db` bridge over the orders (the server's applies filters and read checks). */
function ordersBridge() {
  return {
    available: new Set(['db'] as const),
    call(_bridge: string, _method: string, args: unknown) {
      const { where = {} } = args as { where?: Record<string, unknown> };
      return {
        rows: ORDERS.filter((order) =>
          Object.entries(where).every(
            ([field, value]) => (order as Record<string, unknown>)[field] === value,
          ),
        ),
      };
    },
  };
}

describe('lmq against jq and JSONata: the first questions a user asks', () => {
  it.each(CASES.filter((entry) => entry.lmq !== null).map((entry) => [entry.peer, entry] as const))(
    'answers %s',
    (_peer, entry) => {
      const result = executeScript({ mode: 'lmq', source: entry.lmq as string }, { bridges: ordersBridge() });
      expect(result.error).toBeUndefined();
      expect(result.output).toEqual(entry.output);
    },
  );

  it('answers 29 of the 32 questions (three have no lmq form)', () => {
    expect(CASES.length).toBe(32);
    expect(CASES.filter((entry) => entry.lmq !== null).length).toBe(29);
  });
});
