import type { BundledDemo } from '../../demos/bundled-demo.js';

/**
 * More bundled `lmg` demos (listed in `BUNDLED_DEMOS`, golden output in `src/demos/golden/`).
 *
 * @example
 * lmgDemos[0]?.source;
 */
export const lmgDemos: readonly BundledDemo[] = [
  {
    id: 'lmg-quote',
    mode: 'lmg',
    title: 'A price quote grid',
    description: 'Cells in YAML computed in dependency order; the graph, then the run, then one cell.',
    source: [
      'cells:',
      '  - id: total',
      '    specialConfig:',
      '      code: subtotal + tax',
      '    props:',
      '      title: Total',
      '  - id: subtotal',
      '    code: sum(input.prices)',
      '  - id: tax',
      '    code: round(subtotal * rate, 2)',
      '  - id: rate',
      '    code: 0.2',
      '  - id: note',
      '    props:',
      '      code: \'"quote of " + str(total)\'',
      'GRAPH',
      'RUN',
      'CELL tax',
    ].join('\n'),
    input: { prices: [50, 30, 19.99] },
  },
];
