import { resolve } from 'node:path';
import { isDocsError, type PackageInfo } from '@svc/docs-reader';
import { buildDocsFolder, readRepoPackages, writeSiteFiles } from '@svc/docs-reader/node';
import { EXIT_FAILURE, EXIT_OK } from '../../cli-io.js';
import { findMissingDependency } from '../../optional-dependency.js';
import { type Command, failInput, failUsage } from '../command.js';
import { findRepoRoot } from './find-repo-root.js';
import { readRepoComponents } from './repo-components.js';

/** The commands `docs/components.json` lists for this CLI. */
export const CLI_COMMAND_SUMMARIES = [
  { name: 'svc spec validate|diff|endpoints|example|markdown|build', description: 'OpenAPI tools' },
  { name: 'svc activity kinds|generate|print|book', description: 'Puzzle pages and books' },
  { name: 'svc dream', description: 'Run the ideation pipeline on a server' },
  { name: 'svc docs build', description: 'Build the static reference site' },
  { name: 'svc mcp', description: 'Serve the docs tools over MCP stdio' },
];

/**
 * `svc docs build [--source <dir>] [-o <dir>]`.
 *
 * @example
 * await runCommand(docsBuildCommand, ['--source', 'my-docs', '-o', 'site'], context);
 */
export const docsBuildCommand: Command = {
  name: 'build',
  summary: 'Build the static reference site (JSON indexes, llms.txt, pages)',
  help: `Usage: svc docs build [--source <dir>] [-o <dir>] [options]

Build the static reference site: api.json, docs/index.json, docs/graph.json,
docs/symbols.json, docs/search-index.json, docs/components.json, docs/downloads/,
llms.txt, llms-full.txt and docs/{page_id}.md|json per page.

Without --source, builds svc's own docs: the docs/ folder of the repository around the
current directory plus an API page per @svc/* package (extracted with TypeScript).
With --source, indexes any folder of markdown (no API pages).

The same input gives byte-identical output: commit and build time come from the source's
git commit (its hash and commit date), else from --commit/--built-at or SOURCE_DATE_EPOCH.

Options:
  --source <dir>       A folder of markdown docs to index instead of svc's own
  -o, --output <dir>   Where to write the site (default: docs-site)
  --base-url <url>     Prefix of the URLs in llms.txt and the skills (default: root-relative)
  --commit <sha>       Record this commit instead of the folder's git commit
  --built-at <iso>     Record this build time instead of the commit date
  --no-api             Skip the API pages (faster; svc's own docs only)
  -h, --help           Show this help

Exit codes: 0 built, 1 broken internal links (each listed with its location), 2 usage or I/O error.`,
  options: {
    source: { type: 'string' },
    output: { type: 'string', short: 'o' },
    'base-url': { type: 'string' },
    commit: { type: 'string' },
    'built-at': { type: 'string' },
    'no-api': { type: 'boolean' },
  },
  async run(args, context) {
    if (args.positionals.length > 0)
      return failUsage(context, `unexpected argument '${args.positionals[0]}'`);
    const value = (name: string) =>
      typeof args.values[name] === 'string' ? (args.values[name] as string) : undefined;
    const builtAt = value('built-at');
    if (builtAt !== undefined && Number.isNaN(Date.parse(builtAt)))
      return failUsage(context, `--built-at '${builtAt}' is not a date`);
    const output = resolve(context.io.cwd, value('output') ?? 'docs-site');
    let sourceDir: string;
    let packages: PackageInfo[] = [];
    let components = {};
    const source = value('source');
    if (source !== undefined) {
      sourceDir = resolve(context.io.cwd, source);
    } else {
      const root = findRepoRoot(context.io.cwd);
      if (!root)
        return failUsage(
          context,
          'not inside the svc repository (no docs/ and packages/ above here); pass --source <dir>',
        );
      sourceDir = resolve(root, 'docs');
      packages = await readRepoPackages({
        root,
        scope: '@svc/',
        docsDir: sourceDir,
        extractApi: args.values['no-api'] !== true,
      });
      components = await readRepoComponents(root, CLI_COMMAND_SUMMARIES);
    }
    try {
      const site = await buildDocsFolder({
        sourceDir,
        sourceRoot: source === undefined ? 'docs' : (sourceDir.split(/[\\/]/).pop() ?? 'docs'),
        packages,
        components,
        env: context.io.env,
        ...(value('commit') ? { commit: value('commit') } : {}),
        ...(builtAt ? { builtAt: new Date(builtAt).toISOString() } : {}),
        ...(value('base-url') ? { baseUrl: value('base-url') } : {}),
      });
      await writeSiteFiles(output, site.files);
      const provenance = site.pages[0]?.provenance;
      context.out.line(
        `${context.out.style.green('✓')} built ${site.pages.length} pages (${site.files.size} files) into ${output}` +
          (provenance ? ` — commit ${provenance.commit.slice(0, 12)}, built at ${provenance.builtAt}` : ''),
      );
      return EXIT_OK;
    } catch (error) {
      if (isDocsError(error, 'DOCS_BROKEN_LINKS')) {
        const links = (error.details?.links ?? []) as Array<{
          sourcePath: string;
          line: number;
          href: string;
          reason: string;
        }>;
        for (const link of links)
          context.err.line(`${link.sourcePath}:${link.line}: broken link ${link.href} (${link.reason})`);
        context.err.line(
          `${context.name}: ${context.err.style.red(`${links.length} broken internal link(s)`)}`,
        );
        return EXIT_FAILURE;
      }
      // Without typescript the API pages cannot be extracted: the runner names the package.
      const missing = findMissingDependency(error);
      if (missing) throw missing;
      if (isDocsError(error)) return failInput(context, `${error.code}: ${error.message}`);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return failInput(context, `cannot read ${sourceDir}: no such folder`);
      throw error;
    }
  },
};
