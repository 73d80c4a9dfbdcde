import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Component, Components } from '@svc/docs-reader';

/**
 * What `docs/components.json` lists beyond packages and the docs tools, from what exists in the
 * repository: the CLI's commands (given), the server's MCP tools (each `registerTool('name'` in
 * `apps/server/src/mcp/`), the script interpreters (folders of `packages/lmx-interpreters/src/languages/`)
 * and the server's capabilities (`apps/server/src/capabilities/`, when that registry exists).
 *
 * @example
 * const components = await readRepoComponents('/repo', [{ name: 'svc docs build', description: '…' }]);
 */
export async function readRepoComponents(
  root: string,
  cliCommands: Component[],
): Promise<Partial<Components>> {
  const mcpTools: Component[] = [];
  const mcpDir = join(root, 'apps/server/src/mcp');
  for (const file of await listFiles(mcpDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = await readFile(join(mcpDir, file), 'utf8');
    for (const match of text.matchAll(/registerTool\(\s*'([A-Za-z]\w*)',\s*\{\s*title:\s*'([^']*)'/g)) {
      mcpTools.push({
        name: match[1] as string,
        description: match[2] as string,
        where: `apps/server/src/mcp/${file}`,
      });
    }
  }
  const interpreters = (await listFiles(join(root, 'packages/lmx-interpreters/src/languages')))
    .filter((name) => !name.includes('.'))
    .map((name) => ({ name, description: `The ${name} interpreter`, where: '@svc/lmx-interpreters' }));
  const capabilities: Component[] = [];
  const capabilityDir = join(root, 'apps/server/src/capabilities');
  for (const file of await listFiles(capabilityDir)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = await readFile(join(capabilityDir, file), 'utf8');
    for (const match of text.matchAll(/\bid:\s*'([a-z][\w-]*\.[\w.-]+)'/g)) {
      capabilities.push({
        name: match[1] as string,
        description: '',
        where: `apps/server/src/capabilities/${file}`,
      });
    }
  }
  return { cliCommands, mcpTools, interpreters, capabilities };
}

async function listFiles(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).sort() : [];
}
