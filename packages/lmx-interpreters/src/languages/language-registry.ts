import type { LanguageDefinition } from '../language.js';
import { lmaLanguage } from './lma/index.js';
import { lmaiLanguage } from './lmai/index.js';
import { lmcLanguage } from './lmc/index.js';
import { lmdLanguage } from './lmd/index.js';
import { lmgLanguage } from './lmg/index.js';
import { lmiLanguage } from './lmi/index.js';
import { lmkLanguage } from './lmk/index.js';
import { lmmLanguage } from './lmm/index.js';
import { lmnLanguage } from './lmn/index.js';
import { lmnetLanguage } from './lmnet/index.js';
import { lmqLanguage } from './lmq/index.js';
import { lmsLanguage } from './lms/index.js';
import { lmtLanguage } from './lmt/index.js';
import { lmxLanguage } from './lmx/index.js';
import { lmyLanguage } from './lmy/index.js';
import { lmzLanguage } from './lmz/index.js';

/**
 * The built languages. Each language folder exports one `LanguageDefinition`; add it here
 * (one import, one entry) and the catalogue, runner, CLI and server pick it up.
 *
 * @example
 * ```ts
 * BUILT_LANGUAGES.map((language) => language.id);
 * ```
 */
export const BUILT_LANGUAGES: readonly LanguageDefinition[] = [
  lmxLanguage,
  lmyLanguage,
  lmmLanguage,
  // lmx-B: lmc, lmz, lmn and lmg go here.
  lmcLanguage,
  lmzLanguage,
  lmnLanguage,
  lmgLanguage,
  // The bridged languages: they need the server's tools, install, db and ai bridges.
  lmaLanguage,
  lmiLanguage,
  lmqLanguage,
  lmaiLanguage,
  // The host modes: the server runs them only for an admin with SVC_LMX_HOST_MODES set.
  lmsLanguage,
  lmkLanguage,
  lmdLanguage,
  lmnetLanguage,
  lmtLanguage,
];

/**
 * Finds a built language by id.
 *
 * @example
 * ```ts
 * findLanguage('lmx')?.compile('print 1');
 * ```
 */
export function findLanguage(id: string): LanguageDefinition | undefined {
  return BUILT_LANGUAGES.find((language) => language.id === id);
}
