import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SpecResolver } from '../src/ports/spec-resolver.js';

/** The fixture projects of split specs. */
export const MULTI_FILE = fileURLToPath(new URL('./fixtures/multi-file/', import.meta.url));

/** A resolver over the real file system, as the CLI has: tests read the fixture projects with it. */
export const fileResolver: SpecResolver = {
  canRead: (url) => url.protocol === 'file:',
  read: (url) => readFile(fileURLToPath(url), 'utf8'),
};

/** The `file:` URL of a fixture file, e.g. `fixtureUrl('yaml-nested/openapi.yaml')`. */
export function fixtureUrl(relative: string): URL {
  return pathToFileURL(`${MULTI_FILE}${relative}`);
}
