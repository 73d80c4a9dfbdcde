import { describe, expect, it } from 'vitest';
import { groupByPlane, readCapabilities } from './capability-api';

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
      ['lmx.run', 'account'],
      ['spec.validate', 'permission run_adapter'],
      ['docs.searchDocs', 'anyone'],
    ]);
    expect(groupByPlane(capabilities).map(([plane, list]) => [plane, list.map((entry) => entry.id)])).toEqual(
      [
        ['adapter', ['lmx.run', 'spec.validate']],
        ['docs', ['docs.searchDocs']],
      ],
    );
  });

  it('refuses an answer without the list', () => {
    expect(() => readCapabilities({ tools: [] })).toThrow(
      expect.objectContaining({ code: 'CONSOLE_BAD_ANSWER' }),
    );
  });
});
