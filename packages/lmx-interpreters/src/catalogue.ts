import type { LanguageId } from './language.js';
import type { BridgeName } from './ports/bridge-name.js';

/** One of the sixteen modes as the catalogue describes it, built or not. */
export interface CatalogueEntry {
  id: LanguageId;
  title: string;
  purpose: string;
  /** Bridges the mode needs to do its work. */
  bridges: readonly BridgeName[];
  /** A host mode: refused unless the caller is an admin and the host flag is set. */
  hostMode: boolean;
  /** Why the mode cannot run in this build, when it cannot. */
  notAvailable?: string;
}

/**
 * The sixteen modes, in the design sheet's order. Built languages are marked available by
 * the language registry; the others carry the reason they answer `E_NOT_AVAILABLE`.
 *
 * @example
 * ```ts
 * LANGUAGE_CATALOGUE.find((entry) => entry.id === 'lma')?.notAvailable;
 * ```
 */
export const LANGUAGE_CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'lmx',
    title: 'Logic',
    purpose: 'General logic: variables, if/else, loops, functions, print; adapter() calls',
    bridges: ['adapters'],
    hostMode: false,
  },
  {
    id: 'lmy',
    title: 'Sheet',
    purpose: 'Declarative sheet of named values evaluated in dependency order',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lmm',
    title: 'Math',
    purpose: 'Math and statistics line calculator with vectors and matrices',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lmc',
    title: 'Quantities',
    purpose: 'Quantities calculator: units, percentages, dates',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lmz',
    title: 'Events',
    purpose: 'Event rules: ON event WHERE condition DO statements END, EMIT',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lmn',
    title: 'Notifications',
    purpose: 'Notifications with quiet hours and digests (dry run without a bridge)',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lma',
    title: 'Tools',
    purpose: 'Call any tool the install has; verbs resolved live',
    bridges: ['tools'],
    hostMode: false,
  },
  {
    id: 'lmi',
    title: 'Install',
    purpose: 'Ask what this install can do; read-only',
    bridges: ['install'],
    hostMode: false,
  },
  {
    id: 'lmq',
    title: 'Query',
    purpose: 'Read stored rows: FROM … WHERE … ORDER BY … LIMIT … SELECT …',
    bridges: ['db'],
    hostMode: false,
  },
  {
    id: 'lmai',
    title: 'AI',
    purpose: 'Drive a language model: ASK, SYSTEM, JSON',
    bridges: ['ai'],
    hostMode: false,
  },
  {
    id: 'lmg',
    title: 'Grid',
    purpose: 'Compose a programming grid: cells in dependency order, GRAPH, RUN, CELL',
    bridges: [],
    hostMode: false,
  },
  {
    id: 'lms',
    title: 'Shell',
    purpose: 'Run commands on the host without a shell, time-bounded',
    bridges: ['host'],
    hostMode: true,
  },
  {
    id: 'lmk',
    title: 'Keyboard',
    purpose: 'Keyboard and pointer input on an X display',
    bridges: ['host'],
    hostMode: true,
  },
  {
    id: 'lmd',
    title: 'Desktop',
    purpose: 'Desktop windows: list, focus, screenshot',
    bridges: ['host'],
    hostMode: true,
  },
  {
    id: 'lmnet',
    title: 'Network',
    purpose: 'HTTP requests, DNS and port checks towards allow-listed hosts, bounded',
    bridges: ['host'],
    hostMode: true,
  },
  {
    id: 'lmt',
    title: 'Timers',
    purpose: 'Timers inside the run time bound: AFTER, EVERY, SLEEP',
    bridges: [],
    hostMode: true,
  },
];

/**
 * Tells whether a string is one of the sixteen ids.
 *
 * @example
 * ```ts
 * isLanguageId('lmx'); // true
 * ```
 */
export function isLanguageId(value: string): value is LanguageId {
  return LANGUAGE_CATALOGUE.some((entry) => entry.id === value);
}
