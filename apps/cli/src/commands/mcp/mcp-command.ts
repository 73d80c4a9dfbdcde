import { resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import { createMemorySiteStore, type DocsReader, loadDocsReader } from '@svc/docs-reader';
import { buildDocsFolder, createFileSiteStore, readRepoPackages } from '@svc/docs-reader/node';
import packageJson from '../../../package.json' with { type: 'json' };
import { EXIT_OK } from '../../cli-io.js';
import { type Command, failUsage } from '../command.js';
import { findRepoRoot } from '../docs/find-repo-root.js';

/**
 * `svc mcp [--site <dir> | --source <dir>]`: the docs tools over MCP stdio, for local agents.
 *
 * @example
 * // .mcp.json: { "mcpServers": { "svc": { "command": "svc", "args": ["mcp"] } } }
 */
export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'Serve the docs tools (searchDocs, getPage, …) over MCP stdio',
  help: `Usage: svc mcp [--site <dir> | --source <dir>] [--no-api]

Serve the documentation tools over MCP on stdin/stdout for a local agent: searchDocs,
getPage, listPackages, getSymbol, howDoI and grepDocs (all read-only).

The docs come from a site built by 'svc docs build' (--site), from any folder of
markdown built in memory (--source), or by default from svc's own docs in the repository
around the current directory (with API pages unless --no-api). The build runs on the first
tool call, so the server answers at once. Nothing but MCP messages is written to stdout.

Options:
  --site <dir>     A built site (the output folder of 'svc docs build')
  --source <dir>   A folder of markdown to index
  --no-api         Skip the API pages of svc's own docs
  -h, --help       Show this help`,
  options: { site: { type: 'string' }, source: { type: 'string' }, 'no-api': { type: 'boolean' } },
  async run(args, context) {
    if (args.positionals.length > 0)
      return failUsage(context, `unexpected argument '${args.positionals[0]}'`);
    const site = typeof args.values.site === 'string' ? resolve(context.io.cwd, args.values.site) : undefined;
    const source =
      typeof args.values.source === 'string' ? resolve(context.io.cwd, args.values.source) : undefined;
    if (site && source) return failUsage(context, '--site and --source go alone: pick one');
    const root = site || source ? undefined : findRepoRoot(context.io.cwd);
    if (!site && !source && !root)
      return failUsage(context, 'not inside the svc repository; pass --site <dir> or --source <dir>');
    const { stdin, stdout } = context.io;
    if (!(stdin instanceof Readable) || !(stdout instanceof Writable)) {
      return failUsage(context, 'svc mcp needs real stdin and stdout streams');
    }
    let reader: Promise<DocsReader> | undefined;
    const loadReader = () => {
      reader ??= openReader({ site, source, root, api: args.values['no-api'] !== true, env: context.io.env });
      // A failed load is retried on the next call rather than cached.
      reader.catch(() => {
        reader = undefined;
      });
      return reader;
    };
    const { createDocsMcpServer } = await import('./docs-mcp-server.js');
    const ended = new Promise<void>((done) => {
      stdin.once('end', done);
      stdin.once('close', done);
    });
    const handle = serveStdio(() => createDocsMcpServer(loadReader, packageJson.version), {
      transport: new StdioServerTransport(stdin, stdout),
      onerror: (error) => context.err.line(`svc mcp: ${error.message}`),
    });
    context.err.line('svc mcp: serving the docs tools on stdio');
    await ended;
    await handle.close();
    return EXIT_OK;
  },
};

async function openReader(options: {
  site: string | undefined;
  source: string | undefined;
  root: string | undefined;
  api: boolean;
  env: Readonly<Record<string, string | undefined>>;
}): Promise<DocsReader> {
  if (options.site) return loadDocsReader(createFileSiteStore(options.site));
  const sourceDir = options.source ?? resolve(options.root as string, 'docs');
  const packages =
    options.root === undefined
      ? []
      : await readRepoPackages({
          root: options.root,
          scope: '@svc/',
          docsDir: sourceDir,
          extractApi: options.api,
        });
  const built = await buildDocsFolder({
    sourceDir,
    packages,
    env: options.env,
    ...(options.root ? { sourceRoot: 'docs' } : {}),
  });
  return loadDocsReader(createMemorySiteStore(built.files));
}
