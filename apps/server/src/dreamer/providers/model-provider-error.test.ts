import { describe, expect, it } from 'vitest';
import { readRetryAfter } from './model-provider-error.js';

describe('readRetryAfter', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('reads retry-after-ms, seconds and HTTP dates, and ignores what it cannot read', () => {
    expect(readRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
    expect(readRetryAfter(new Headers({ 'retry-after': '2.5' }), now)).toBe(2500);
    expect(readRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 12:00:04 GMT' }), now)).toBe(4000);
    expect(readRetryAfter(new Headers({ 'retry-after': 'Sat, 21 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
    expect(readRetryAfter(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(readRetryAfter(new Headers(), now)).toBeUndefined();
  });
});
