import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { PdfConfig } from '../config/pdf-config.js';

/** Where the `chromium` provider's browser is, or why there is none. */
export type ChromiumLocation = { found: true; path: string } | { found: false; reason: string };

const DEFAULT_PATH = '/usr/bin/chromium';
const NAMES_ON_PATH = ['chromium', 'chromium-browser'];

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds the Chromium executable: `SVC_CHROMIUM_PATH` when set (it must be an executable file),
 * none when it is `off`, else `/usr/bin/chromium`, else `chromium` or `chromium-browser` on
 * `searchPath` (the server's `PATH`). Never downloads anything.
 *
 * @example
 * locateChromium(undefined, process.env.PATH); // { found: true, path: '/usr/bin/chromium' }
 */
export function locateChromium(
  chromiumPath: PdfConfig['chromiumPath'],
  searchPath: string | undefined,
): ChromiumLocation {
  if (chromiumPath === 'off') return { found: false, reason: 'turned off (SVC_CHROMIUM_PATH=off)' };
  if (chromiumPath !== undefined) {
    return isExecutableFile(chromiumPath)
      ? { found: true, path: chromiumPath }
      : { found: false, reason: 'SVC_CHROMIUM_PATH is not an executable file' };
  }
  if (isExecutableFile(DEFAULT_PATH)) return { found: true, path: DEFAULT_PATH };
  for (const directory of (searchPath ?? '').split(delimiter).filter((entry) => entry.startsWith('/'))) {
    for (const name of NAMES_ON_PATH) {
      const candidate = join(directory, name);
      if (isExecutableFile(candidate)) return { found: true, path: candidate };
    }
  }
  return {
    found: false,
    reason: 'no Chromium found (install chromium, or set SVC_CHROMIUM_PATH to its executable)',
  };
}
