import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResolvedSpec, resolveSpec } from '@svc/spec-toolkit';
import { fileSpecResolver } from '../../input/file-spec-resolver.js';
import { type CommandContext, readArgument } from '../command.js';

/**
 * Reads a spec argument (`-` is stdin) with every file it references: relative `$ref`s resolve
 * against the file's directory (the working directory for stdin). Findings name the file
 * they are in, relative to the argument as typed. On an unreadable argument, reports and gives undefined.
 *
 * @example
 * const input = await readSpecArgument('api/openapi.yaml', context);
 * if (input) validate({ spec: input.spec });
 */
export async function readSpecArgument(
  file: string,
  context: CommandContext,
): Promise<{ spec: ResolvedSpec; label: string } | undefined> {
  const input = await readArgument(file, context);
  if (!input) return undefined;
  const path = resolve(context.io.cwd, file === '-' ? input.label : file);
  const spec = await resolveSpec({
    url: pathToFileURL(path),
    text: input.text,
    name: input.label,
    resolver: fileSpecResolver,
  });
  return { spec, label: input.label };
}
