import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmcDemos } from './lmc-demos.js';

// Golden output of the bundled demos: a change in what a demo prints is a visible decision.
const golden: Record<string, string[]> = {
  'lmc-trip': [
    'distance = 402.336 km',
    'fuel = 26.15184',
    'forecast = 30 °C',
    'photos = 1.67638063431 GiB',
    'dinner = 75.52',
    'leave = 2026-07-30',
    'back = 2026-08-13',
    '14 day',
  ],
};

describe('the bundled lmc demos', () => {
  it('covers every demo with a golden output', () => {
    expect(lmcDemos.map((demo) => demo.id).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(lmcDemos.map((demo) => [demo.id, demo] as const))('%s prints its golden output', (id, demo) => {
    const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(golden[id]);
  });
});
