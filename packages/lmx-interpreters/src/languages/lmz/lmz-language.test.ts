import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmzLanguage } from './lmz-language.js';

function run(source: string, input?: unknown) {
  return executeScript({ mode: 'lmz', source, input }, { languages: [lmzLanguage] });
}

describe('lmz, rules on events', () => {
  it('runs the design sheet rule and lists which rules fired with what', () => {
    const result = run(
      [
        'ON order.paid WHERE amount > 100 DO EMIT vip.notice {id: event.id} END',
        'ON vip.notice DO',
        '  PRINT "VIP order", id',
        'END',
        'EMIT order.paid {id: 7, amount: 150}',
        'EMIT order.paid {id: 8, amount: 20}',
      ].join('\n'),
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'order.paid {id: 7, amount: 150} -> rule 1 (ON order.paid, line 1)',
      'vip.notice {id: 7} -> rule 2 (ON vip.notice, line 2)',
      'VIP order 7',
    ]);
    expect(result.value).toEqual([
      {
        rule: 1,
        line: 1,
        pattern: 'order.paid',
        event: 'order.paid',
        payload: { id: 7, amount: 150 },
        depth: 0,
      },
      { rule: 2, line: 2, pattern: 'vip.notice', event: 'vip.notice', payload: { id: 7 }, depth: 1 },
    ]);
  });

  it('matches wildcards, keeps state in top-level variables and reads input', () => {
    const result = run(
      [
        'LET total = 0',
        'ON order.* DO',
        '  total = total + amount',
        '  IF event_name == "order.refunded" PRINT "refund of", amount ELSE PRINT "sale of", amount END',
        'END',
        'EMIT order.paid {amount: input.first}',
        'EMIT order.refunded {amount: -5}',
        'EMIT invoice.paid {amount: 1000}',
        'PRINT "total", total',
      ].join('\n'),
      { first: 30 },
    );
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'order.paid {amount: 30} -> rule 1 (ON order.*, line 2)',
      'sale of 30',
      'order.refunded {amount: -5} -> rule 1 (ON order.*, line 2)',
      'refund of -5',
      'total 25',
    ]);
  });

  it('ends an EMIT loop with a limit error, keeping what it printed', () => {
    const result = run('ON ping DO EMIT ping {n: n + 1} END\nEMIT ping {n: 0}');
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe('E_LIMIT_DEPTH');
    expect(result.error).toMatchObject({
      message: expect.stringMatching(/chained emits/),
      line: 1,
      column: 12,
    });
    expect(result.output[0]).toBe('ping {n: 0} -> rule 1 (ON ping, line 1)');
  });

  it('ends a fan-out with E_LIMIT_STEPS', () => {
    const result = run('ON a DO EMIT a\nEMIT a END\nEMIT a');
    expect(result.error?.code).toBe('E_LIMIT_STEPS');
    expect(result.error?.message).toMatch(/passed 1000 events/);
  });

  it('reports syntax errors with positions, several at once', () => {
    const result = run('ON DO END\nEMIT\nON a DO ON b DO END END\nFROB 1');
    expect(result.ok).toBe(false);
    expect(result.error?.diagnostics?.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '1:4 expected an event name or pattern (order.paid, order.*) but found name "DO"',
      '2:5 expected an event name (order.paid) but found end of line',
      '3:9 ON rules are declared at the top level, not inside another rule',
      '4:1 expected ON, EMIT, LET, PRINT, IF, FOR, an assignment or a call but found name "FROB"',
      '4:7 expected "end" to close "ON" from line 3 but found end of input',
    ]);
  });

  it('reports unknown names outside rules before running', () => {
    expect(run('PRINT nowhere').error).toMatchObject({ code: 'E_NAME', line: 1, column: 7 });
  });

  it('loops with FOR … IN … END and calls a builtin as a statement', () => {
    const result = executeScript({
      mode: 'lmz',
      source:
        'let seen = []\nON order.paid WHERE amount > 100 DO push(seen, id) END\nFOR o IN [{id: 1, amount: 120}, {id: 2, amount: 80}, {id: 3, amount: 300}]\n  EMIT order.paid o\nEND\nPRINT seen',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'order.paid {id: 1, amount: 120} -> rule 1 (ON order.paid, line 2)',
      'order.paid {id: 3, amount: 300} -> rule 1 (ON order.paid, line 2)',
      '[1, 3]',
    ]);
  });

  it('holds several statements in a one-line rule', () => {
    const result = executeScript({
      mode: 'lmz',
      source: 'ON ping DO LET n = 2 PRINT n * 21 EMIT pong END\nON pong DO PRINT "pong" END\nEMIT ping',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual([
      'ping {} -> rule 1 (ON ping, line 1)',
      '42',
      'pong {} -> rule 2 (ON pong, line 2)',
      'pong',
    ]);
  });

  it('maps and reduces a payload list with lambdas', () => {
    const result = executeScript({
      mode: 'lmz',
      source:
        'ON order.paid DO PRINT map(items, i => i.sku), reduce(items, (n, i) => n + i.qty, 0) END\nEMIT order.paid {items: [{sku: "a", qty: 2}, {sku: "b", qty: 1}]}',
    });
    expect(result.error).toBeUndefined();
    expect(result.output[1]).toBe('["a", "b"] 3');
  });
});
