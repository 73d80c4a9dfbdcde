import { hostDemos } from './host/host-demos.js';
import { type LanguageDemo, lmcDemos } from './lmc/lmc-demos.js';
import { lmgDemos } from './lmg/lmg-demos.js';
import { lmnDemos } from './lmn/lmn-demos.js';
import { lmzDemos } from './lmz/lmz-demos.js';

export type { LanguageDemo } from './lmc/lmc-demos.js';

/**
 * Every bundled demo, by language in catalogue order: what `GET /api/lmx/demos` serves.
 *
 * @example
 * BUNDLED_DEMOS.filter((demo) => demo.mode === 'lmc');
 */
export const BUNDLED_DEMOS: readonly LanguageDemo[] = [
  ...lmcDemos,
  ...lmzDemos,
  ...lmnDemos,
  ...lmgDemos,
  ...hostDemos,
];
