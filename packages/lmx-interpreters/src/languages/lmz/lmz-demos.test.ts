import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmzDemos } from './lmz-demos.js';

// Golden output of the bundled demos: a change in what a demo prints is a visible decision.
const golden: Record<string, string[]> = {
  'lmz-orders': [
    'order.paid {id: 1, amount: 150, email: "ana@example.com"} -> rule 1 (ON order.paid, line 2)',
    'order.paid {id: 1, amount: 150, email: "ana@example.com"} -> rule 2 (ON order.paid, line 6)',
    'invoice.send {order: 1, to: "ana@example.com"} -> rule 3 (ON invoice.*, line 7)',
    'invoice for order 1 to ana@example.com',
    'vip.notice {order: 1} -> rule 4 (ON vip.notice, line 8)',
    'thank-you card for order 1',
    'order.paid {id: 2, amount: 40, email: "bo@example.com"} -> rule 1 (ON order.paid, line 2)',
    'invoice.send {order: 2, to: "bo@example.com"} -> rule 3 (ON invoice.*, line 7)',
    'invoice for order 2 to bo@example.com',
    'revenue 190',
  ],
};

describe('the bundled lmz demos', () => {
  it('covers every demo with a golden output', () => {
    expect(lmzDemos.map((demo) => demo.id).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(lmzDemos.map((demo) => [demo.id, demo] as const))('%s prints its golden output', (id, demo) => {
    const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(golden[id]);
  });
});
