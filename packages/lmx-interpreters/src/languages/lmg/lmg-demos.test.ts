import { describe, expect, it } from 'vitest';
import { executeScript } from '../../execute-script.js';
import { lmgDemos } from './lmg-demos.js';

// Golden output of the bundled demos: a change in what a demo prints is a visible decision.
const golden: Record<string, string[]> = {
  'lmg-quote': [
    'rate -> tax',
    'subtotal -> tax',
    'subtotal -> total',
    'tax -> total',
    'layer 0: rate, subtotal',
    'layer 1: tax',
    'layer 2: total',
    'rate = 0.2',
    'subtotal = 99.99',
    'tax = 20',
    'total = 119.99',
    'note (props) = quote of 119.99',
    'tax = 20',
  ],
};

describe('the bundled lmg demos', () => {
  it('covers every demo with a golden output', () => {
    expect(lmgDemos.map((demo) => demo.id).sort()).toEqual(Object.keys(golden).sort());
  });

  it.each(lmgDemos.map((demo) => [demo.id, demo] as const))('%s prints its golden output', (id, demo) => {
    const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
    expect(result.error).toBeUndefined();
    expect(result.output).toEqual(golden[id]);
  });
});
