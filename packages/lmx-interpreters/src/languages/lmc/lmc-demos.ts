import type { LanguageId } from '../../language.js';

/** A bundled example script: what `GET /api/lmx/demos` serves and the golden tests run. */
export interface LanguageDemo {
  readonly id: string;
  readonly mode: LanguageId;
  readonly title: string;
  readonly summary: string;
  readonly source: string;
  readonly input?: unknown;
}

/**
 * The bundled `lmc` demos.
 *
 * @example
 * lmcDemos[0]?.source;
 */
export const lmcDemos: readonly LanguageDemo[] = [
  {
    id: 'lmc-trip',
    mode: 'lmc',
    title: 'Planning a trip',
    summary: 'Distances, temperatures, data plans, a tip and a date, with units checked.',
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
