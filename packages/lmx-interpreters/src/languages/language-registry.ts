import type { LanguageDefinition } from '../language.js';
import { lmaLanguage } from './lma/lma-language.js';
import { lmaiLanguage } from './lmai/lmai-language.js';
import { lmcLanguage } from './lmc/lmc-language.js';
import { lmdLanguage } from './lmd/lmd-language.js';
import { lmgLanguage } from './lmg/lmg-language.js';
import { lmiLanguage } from './lmi/lmi-language.js';
import { lmkLanguage } from './lmk/lmk-language.js';
import { lmmLanguage } from './lmm/lmm-language.js';
import { lmnLanguage } from './lmn/lmn-language.js';
import { lmnetLanguage } from './lmnet/lmnet-language.js';
import { lmqLanguage } from './lmq/lmq-language.js';
import { lmsLanguage } from './lms/lms-language.js';
import { lmtLanguage } from './lmt/lmt-language.js';
import { lmxLanguage } from './lmx/lmx-language.js';
import { lmyLanguage } from './lmy/lmy-language.js';
import { lmzLanguage } from './lmz/lmz-language.js';

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
