import { describe, expect, it } from 'vitest';
import { groupByPlane, headPlane, readCapabilities } from './capability-api';

describe('reading GET /api/capabilities', () => {
  it('names who may use each capability from its policy, grouped by plane', () => {
    const capabilities = readCapabilities({
      capabilities: [
        {
          id: 'lmx.run',
          plane: 'adapter',
          title: 'Run a script',
          description: 'Runs.',
          policy: { access: 'account' },
        },
        {
          id: 'spec.validate',
          plane: 'adapter',
          title: 'Validate a spec',
          description: 'Validates.',
          policy: { access: 'account', permission: 'run_adapter' },
        },
        {
          id: 'docs.searchDocs',
          plane: 'docs',
          title: 'Search',
          description: 'Finds.',
          policy: { access: 'anyone' },
        },
      ],
    });
    expect(capabilities.map((capability) => [capability.id, capability.who])).toEqual([
      ['lmx.run', 'signed in'],
      ['spec.validate', 'needs the run_adapter permission'],
      ['docs.searchDocs', 'anyone'],
    ]);
    expect(groupByPlane(capabilities).map(([plane, list]) => [plane, list.map((entry) => entry.id)])).toEqual(
      [
        ['adapter', ['lmx.run', 'spec.validate']],
        ['docs', ['docs.searchDocs']],
      ],
    );
  });

  it('heads groups with what they hold, known planes first in a fixed order, and names plan features', () => {
    const entry = (id: string, plane: string, policy: Record<string, string>) => ({
      id,
      plane,
      title: id,
      description: '',
      policy,
    });
    const capabilities = readCapabilities({
      capabilities: [
        entry('mcp.files.read', 'mcp', { access: 'account' }),
        entry('dreamer.run', 'adapter', { access: 'account', membership: 'intelligence' }),
        entry('llm.chat', 'capability', { access: 'account' }),
        entry('x.y', 'zeta', { access: 'anyone' }),
      ],
    });
    expect(groupByPlane(capabilities).map(([plane]) => headPlane(plane))).toEqual([
      'Built-in tools',
      'Services with a choice of provider (models, PDF, search)',
      'Tools of remote MCP servers',
      'Other (zeta)',
    ]);
    expect(capabilities[1]?.who).toBe('needs a plan with the ideation pipeline (AI models)');
  });

  it('refuses an answer without the list', () => {
    expect(() => readCapabilities({ tools: [] })).toThrow(
      expect.objectContaining({ code: 'CONSOLE_BAD_ANSWER' }),
    );
  });
});
