import { LANGUAGE_CATALOGUE } from './catalogue.js';
import type { LanguageDefinition, LanguageId } from './language.js';
import { BUILT_LANGUAGES } from './languages/language-registry.js';
import type { BridgeName } from './ports/bridge-name.js';

/** One mode's availability for a caller. */
export interface LanguageAvailability {
  id: LanguageId;
  title: string;
  purpose: string;
  bridges: readonly BridgeName[];
  hostMode: boolean;
  available: boolean;
  /** `E_NOT_AVAILABLE`, `E_BRIDGE_MISSING` or `E_FORBIDDEN` when not available. */
  code?: 'E_NOT_AVAILABLE' | 'E_BRIDGE_MISSING' | 'E_FORBIDDEN';
  reason?: string;
}

/** What decides availability besides the build: the bridges this host wires. */
export interface AvailabilityOptions {
  bridges?: readonly BridgeName[];
  languages?: readonly LanguageDefinition[];
}

/**
 * The sixteen modes with their availability: a mode is available when it is built and
 * the bridges it cannot work without are present (`lmx` runs without `adapters`; only its
 * `adapter()` call refuses).
 *
 * @example
 * ```ts
 * describeLanguages().filter((mode) => mode.available).map((mode) => mode.id); // ['lmx', 'lmy', 'lmm', …]
 * ```
 */
export function describeLanguages(options: AvailabilityOptions = {}): LanguageAvailability[] {
  const languages = options.languages ?? BUILT_LANGUAGES;
  const present = new Set(options.bridges ?? []);
  return LANGUAGE_CATALOGUE.map((entry) => {
    const base = {
      id: entry.id,
      title: entry.title,
      purpose: entry.purpose,
      bridges: entry.bridges,
      hostMode: entry.hostMode,
    };
    const built = languages.find((language) => language.id === entry.id);
    if (!built) {
      return {
        ...base,
        available: false,
        code: 'E_NOT_AVAILABLE',
        reason: `${entry.id} is ${entry.notAvailable ?? 'not built yet'}`,
      };
    }
    const missing = entry.id === 'lmx' ? undefined : entry.bridges.find((bridge) => !present.has(bridge));
    if (missing) {
      return {
        ...base,
        available: false,
        code: 'E_BRIDGE_MISSING',
        reason: `${entry.id} needs the "${missing}" bridge, which this host does not provide`,
      };
    }
    return { ...base, available: true };
  });
}
