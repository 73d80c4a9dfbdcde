import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { SpecResolver } from '@svc/spec-toolkit';

/**
 * The file system behind the spec toolkit's resolver port: `file:` references are read from
 * disk; URLs of any other protocol stay unresolved (the CLI works offline).
 *
 * @example
 * const spec = await resolveSpec({ url: pathToFileURL('api/openapi.yaml'), resolver: fileSpecResolver });
 */
export const fileSpecResolver: SpecResolver = {
  canRead: (url) => url.protocol === 'file:',
  async read(url) {
    try {
      return await readFile(fileURLToPath(url), 'utf8');
    } catch (error) {
      throw new Error(describeFileError(error));
    }
  },
};

function describeFileError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}
