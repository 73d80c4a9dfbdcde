import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

describe('lmc explains an unknown unit', () => {
  it('suggests the closest unit name', () => {
    expect(executeScript({ mode: 'lmc', source: '3 meterz' }).error).toMatchObject({
      code: 'E_NAME',
      message: 'unknown unit "meterz" (did you mean "meter"?)',
      line: 1,
      column: 3,
    });
  });
});
