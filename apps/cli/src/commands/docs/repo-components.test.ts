import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from './find-repo-root.js';
import { readRepoComponents } from './repo-components.js';

describe('readRepoComponents', () => {
  it("finds the server's MCP tools in the repository", async () => {
    const root = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)));
    expect(root).toBeDefined();
    const components = await readRepoComponents(root as string, [
      { name: 'svc docs build', description: 'd' },
    ]);
    expect(components.mcpTools?.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'listKinds',
        'generatePage',
        'validatePage',
        'printPage',
        'buildBook',
        'dream',
      ]),
    );
    expect(components.mcpTools?.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['searchDocs', 'getPage', 'grepDocs']),
    );
    expect(components.capabilities).toEqual(
      expect.arrayContaining([
        {
          name: 'activity-pages.generatePage',
          description: 'Generate a puzzle page',
          where: 'apps/server/src/activity/activity-capabilities.ts',
        },
        expect.objectContaining({ name: 'lmx.run' }),
        expect.objectContaining({ name: 'dreamer.dream' }),
        expect.objectContaining({ name: 'spec.validate' }),
        expect.objectContaining({ name: 'docs.searchDocs' }),
      ]),
    );
    expect(components.cliCommands).toEqual([{ name: 'svc docs build', description: 'd' }]);
  });
});
