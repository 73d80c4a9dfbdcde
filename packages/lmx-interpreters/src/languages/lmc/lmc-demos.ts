import type { BundledDemo } from '../../demos/bundled-demo.js';

/**
 * More bundled `lmc` demos (listed in `BUNDLED_DEMOS`, golden output in `src/demos/golden/`).
 *
 * @example
 * lmcDemos[0]?.source;
 */
export const lmcDemos: readonly BundledDemo[] = [
  {
    id: 'lmc-trip',
    mode: 'lmc',
    title: 'Planning a trip',
    description: 'Distances, temperatures, data plans, a tip and a date, with units checked.',
    source: [
      '# a road trip in numbers',
      'distance = 250 mi in km',
      'fuel = distance / 100 km * 6.5',
      'forecast = 86 °F in °C',
      'photos = 400 * 4.5 MB in GiB',
      'dinner = 64 + 18%',
      'leave = date("2026-07-30")',
      'back = leave + 2 weeks',
      'back - leave in days',
    ].join('\n'),
  },
];
