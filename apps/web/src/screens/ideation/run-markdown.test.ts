import { describe, expect, it } from 'vitest';
import { toRunMarkdown } from './run-markdown';

describe('an ideation run copied as Markdown', () => {
  it('has the topic as title and one section per stage with its model', () => {
    const markdown = toRunMarkdown({
      topic: ' tools  for\nbeekeepers ',
      status: 'done',
      steps: [
        { key: 'idea', label: 'Ideas', text: '1. Hive scale\n', model: { provider: 'stub', model: 'echo' } },
        { key: 'pick', label: 'Pick', text: 'Hive scale' },
      ],
    });
    expect(markdown).toBe(
      '# tools for beekeepers\n\n## Ideas\n\n_stub · echo_\n\n1. Hive scale\n\n## Pick\n\nHive scale\n',
    );
  });

  it('says why a run that did not finish stopped', () => {
    const markdown = toRunMarkdown({
      topic: 'tide pools',
      status: 'error',
      steps: [],
      error: { code: 'DREAM_TIMEOUT', message: 'Stage feasibility timed out' },
    });
    expect(markdown).toBe('# tide pools\n\n_Run error: Stage feasibility timed out._\n');
  });
});
