import type { LanguageDemo } from '../lmc/lmc-demos.js';

/**
 * The bundled `lmg` demos.
 *
 * @example
 * lmgDemos[0]?.source;
 */
export const lmgDemos: readonly LanguageDemo[] = [
  {
    id: 'lmg-quote',
    mode: 'lmg',
    title: 'A price quote grid',
    summary: 'Cells in YAML computed in dependency order; the graph, then the run, then one cell.',
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
