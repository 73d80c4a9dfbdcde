import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ResolvedSpec, resolveSpec } from '@svc/spec-toolkit';
import { fileSpecResolver } from '../../input/file-spec-resolver.js';
import { openGitSpec, parseGitArgument } from '../../input/git-spec-resolver.js';
import { type CommandContext, failInput, readArgument } from '../command.js';

/**
 * Reads a spec argument (`-` is stdin, `git:<rev>:<path>` a file at a git revision) with every file it references: relative `$ref`s resolve
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
  const git = parseGitArgument(file);
  if (git !== undefined) {
    try {
      const opened = await openGitSpec(context.io.cwd, git.rev, git.path);
      // Files are named by their path in the repository, as in the working tree.
      const spec = await resolveSpec({
        url: opened.url,
        text: opened.text,
        name: git.path,
        resolver: opened.resolver,
      });
      return { spec, label: file };
    } catch (error) {
      failInput(context, `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }
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
