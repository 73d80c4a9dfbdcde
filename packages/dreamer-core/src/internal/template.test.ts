import { describe, expect, it } from 'vitest';
import { DEFAULT_PIPELINE } from '../pipeline/default-pipeline.js';
import { buildStageMessages } from './build-prompt.js';
import { fillTask } from './template.js';

describe('filling a task', () => {
  it('leaves out lines whose inputs are all empty and keeps the others', () => {
    const task = 'Assess the ideas.\nConstraints to weigh: {{input.constraints}}.\nFor {{input.topic}}.';
    expect(fillTask(task, { topic: 'bees', constraints: '  ' })).toBe('Assess the ideas.\nFor bees.');
    expect(fillTask(task, { topic: 'bees', constraints: 'two people' })).toBe(
      'Assess the ideas.\nConstraints to weigh: two people.\nFor bees.',
    );
  });

  it('keeps a line when any of its inputs has a value', () => {
    expect(fillTask('{{input.a}} and {{input.b}}', { a: '', b: 'x' })).toBe(' and x');
  });

  it('never writes an empty constraint into the default pipeline’s prompts', () => {
    for (const stage of DEFAULT_PIPELINE.stages) {
      const [, user] = buildStageMessages({
        stage,
        inputValues: { topic: 'tide pools' },
        outputs: {},
        mode: 'standard',
        depth: 'standard',
      });
      expect(user?.content).not.toMatch(/: \.|constraints/i);
    }
  });
});
