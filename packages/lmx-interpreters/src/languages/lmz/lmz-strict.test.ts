import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

describe('lmz payload fields are strict', () => {
  it('makes a misspelt payload field an error with a did-you-mean, at its position', () => {
    const source = 'ON order.paid DO\n  PRINT "paid", amout\nEND\nEMIT order.paid {amount: 5}';
    const result = executeScript({ mode: 'lmz', source });
    expect(result.error).toMatchObject({ code: 'E_RUNTIME', line: 2, column: 17 });
    expect(result.error?.message).toBe(
      'unknown name "amout": the event\'s payload has no such field (did you mean "amount"?; write event?.amout to read null when it may be missing)',
    );
  });

  it('reads a field that may be missing with event?.name', () => {
    const source = 'ON order.paid DO PRINT "coupon", event?.coupon END\nEMIT order.paid {amount: 5}';
    expect(executeScript({ mode: 'lmz', source }).output.at(-1)).toMatch(/coupon null/);
  });
});
