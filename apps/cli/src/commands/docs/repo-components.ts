import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type Component, type Components, DOCS_TOOLS } from '@svc/docs-reader';

/**
 * What `docs/components.json` lists beyond packages, from what exists in the repository: the
 * CLI's commands (given), the server's capabilities (each `id: '<system>.<fn>'` defined in
 * `apps/server/src/`, plus the docs tools, which join the registry as `docs.<tool>`), the MCP
 * tools (every capability is one: its `mcpName` where the seed fixes one, else its id), and
 * the script interpreters (folders of `packages/lmx-interpreters/src/languages/`).
 *
 * @example
 * const components = await readRepoComponents('/repo', [{ name: 'svc docs build', description: '…' }]);
 */
export async function readRepoComponents(
  root: string,
  cliCommands: Component[],
): Promise<Partial<Components>> {
  const capabilities: Component[] = [];
  const mcpTools: Component[] = [];
  const sources = await Promise.all(
    (await listSourceFiles(join(root, 'apps/server/src'))).map(async (file) => ({
      where: relative(root, file).split('\\').join('/'),
      text: await readFile(file, 'utf8'),
    })),
  );
  // Ids written as a named constant (`id: DREAM_CAPABILITY_ID`) are looked up across the sources.
  const constants = new Map<string, string>();
  for (const { text } of sources) {
    for (const match of text.matchAll(/\bconst ([A-Z][A-Z0-9_]*) = '([a-z][\w-]*\.[\w.-]+)';/g)) {
      constants.set(match[1] as string, match[2] as string);
    }
  }
  for (const { where, text } of sources) {
    for (const definition of readCapabilityDefinitions(text, constants)) {
      capabilities.push({ name: definition.id, description: definition.title, where });
      mcpTools.push({ name: definition.mcpName ?? definition.id, description: definition.title, where });
    }
  }
  if (capabilities.length > 0) {
    for (const tool of DOCS_TOOLS) {
      capabilities.push({ name: `docs.${tool.name}`, description: tool.title, where: '@svc/docs-reader' });
      mcpTools.push({ name: tool.name, description: tool.title, where: '@svc/docs-reader' });
    }
  }
  const byName = (a: Component, b: Component) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const interpreters = (await listEntries(join(root, 'packages/lmx-interpreters/src/languages')))
    .filter((name) => !name.includes('.'))
    .map((name) => ({ name, description: `The ${name} interpreter`, where: '@svc/lmx-interpreters' }));
  return {
    cliCommands,
    mcpTools: mcpTools.sort(byName),
    interpreters,
    capabilities: capabilities.sort(byName),
  };
}

interface CapabilityDefinition {
  id: string;
  title: string;
  mcpName?: string;
}

/**
 * Capability definitions written in a source file: an `id: '<system>.<fn>'` (or a constant holding
 * one) followed, in the same object, by `title: '…'` and optionally `mcpName: '…'`.
 */
function readCapabilityDefinitions(text: string, constants: Map<string, string>): CapabilityDefinition[] {
  const definitions: CapabilityDefinition[] = [];
  const ids = [...text.matchAll(/\bid:\s*(?:'([a-z][\w-]*\.[\w.-]+)'|([A-Z][A-Z0-9_]*)),/g)];
  ids.forEach((match, index) => {
    const id = match[1] ?? constants.get(match[2] as string);
    if (id === undefined) return;
    const body = text.slice(match.index, ids[index + 1]?.index ?? text.length);
    const title = /\btitle:\s*'([^']*)'/.exec(body)?.[1];
    if (title === undefined) return;
    const mcpName = /\bmcpName:\s*'([A-Za-z]\w*)'/.exec(body)?.[1];
    definitions.push({ id, title, ...(mcpName ? { mcpName } : {}) });
  });
  return definitions;
}

/** The non-test TypeScript files under `dir`, sorted, without `testing/` helpers. */
async function listSourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await listEntries(dir)) {
    const path = join(dir, entry);
    if (!entry.includes('.')) {
      if (entry !== 'testing') files.push(...(await listSourceFiles(path)));
    } else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) {
      files.push(path);
    }
  }
  return files;
}

async function listEntries(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}
