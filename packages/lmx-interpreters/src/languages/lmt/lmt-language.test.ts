import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';

describe('lmt', () => {
  it('runs AFTER blocks in time order, not source order', () => {
    const result = executeScript({
      mode: 'lmt',
      source: 'AFTER 60 ms DO print "late" END\nAFTER 20ms DO print "early" END\nprint "first"',
    });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(['first', 'early', 'late']);
  });

  it('fires a due AFTER block during a later SLEEP', () => {
    const result = executeScript({
      mode: 'lmt',
      source: 'AFTER 10 ms DO print "timer" END\nSLEEP 40 ms\nprint "after the sleep"',
    });
    expect(result.output).toEqual(['timer', 'after the sleep']);
  });

  it('knows hours as a unit (h, hour, hours) and refuses a wait past the bound', () => {
    const result = executeScript({ mode: 'lmt', source: 'SLEEP 1 h' });
    expect(result.error).toMatchObject({
      code: 'E_LIMIT_TIME',
      message: "waiting 3600000 ms would pass the run's time bound (5000 ms)",
    });
    expect(executeScript({ mode: 'lmt', source: 'AFTER 2 hours DO print 1 END' }).error?.code).toBe(
      'E_LIMIT_TIME',
    );
  });
});
