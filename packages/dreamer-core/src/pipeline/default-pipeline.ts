import type { PipelineDefinition } from './types.js';

/**
 * The default six-stage ideation pipeline: idea → expansion → feasibility → selection →
 * scaffold → notes. Every task names what to produce, its structure and its length.
 *
 * @example
 * ```ts
 * const stages = DEFAULT_PIPELINE.stages.map((stage) => stage.key);
 * ```
 */
export const DEFAULT_PIPELINE: PipelineDefinition = {
  name: 'default',
  version: '1.1.0',
  inputs: [
    { name: 'topic', description: 'What to ideate about', required: true },
    { name: 'constraints', description: 'Budget, team, deadline or platform limits', required: false },
  ],
  stages: [
    {
      key: 'idea',
      label: 'Ideas',
      outputFormat: 'markdown',
      task: [
        'Generate 5 distinct project ideas about: {{input.topic}}.',
        'Constraints to respect: {{input.constraints}}.',
        'For each idea give a numbered heading with a short name, then three bullets:',
        '"Who it is for", "The problem it solves", "Why now".',
        'Ideas must differ in audience or mechanism, not just wording. Under 350 words in total.',
      ].join('\n'),
    },
    {
      key: 'expansion',
      label: 'Expansion',
      outputFormat: 'markdown',
      priorOutputs: ['idea'],
      task: [
        'Expand each idea from the "idea" stage about {{input.topic}}.',
        'For every idea write: a one-paragraph pitch; the core user journey as 3–5 numbered steps;',
        'the three must-have features; the one metric that would prove it works.',
        'Keep the same numbering and names. About 120 words per idea.',
      ].join('\n'),
    },
    {
      key: 'feasibility',
      label: 'Feasibility',
      outputFormat: 'markdown',
      priorOutputs: ['expansion'],
      task: [
        'Assess the feasibility of each expanded idea.',
        'Constraints to weigh: {{input.constraints}}.',
        'Output a markdown table with columns: Idea | Effort (S/M/L) | Technical risk (1–5) |',
        'Market risk (1–5) | Biggest unknown | Cheapest test to resolve it.',
        'After the table, one sentence per idea explaining the highest risk score. Be concrete.',
      ].join('\n'),
    },
    {
      key: 'selection',
      label: 'Selection',
      outputFormat: 'markdown',
      priorOutputs: ['expansion', 'feasibility'],
      task: [
        'Choose the single best idea for {{input.topic}} using the expansion and feasibility stages.',
        'Output: "## Choice" with the idea name; "## Why" with 3 bullets tied to the scores;',
        '"## Runner-up" with one sentence; "## Kill criteria" with 2 measurable conditions',
        'under which the choice should be abandoned. Under 250 words.',
      ].join('\n'),
    },
    {
      key: 'scaffold',
      label: 'Scaffold',
      outputFormat: 'markdown',
      priorOutputs: ['selection', 'expansion'],
      task: [
        'Write a build plan for the chosen idea.',
        'Sections: "## Architecture" (components and data flow as bullets);',
        '"## Data model" (entities with their key fields); "## Milestones" (3 milestones,',
        'each with a deliverable a user can try and a rough size in days);',
        '"## First week" (5 concrete tasks in order). Under 450 words.',
      ].join('\n'),
    },
    {
      key: 'notes',
      label: 'Notes',
      outputFormat: 'markdown',
      priorOutputs: ['idea', 'selection', 'scaffold'],
      task: [
        'Write closing notes for the team working on {{input.topic}}.',
        'Sections: "## Open questions" (3–5 questions that must be answered before milestone 2);',
        '"## Risks to watch" (3 bullets with an early warning sign each);',
        '"## Parked ideas" (one line per idea not chosen, saying when it could be revisited).',
        'Under 250 words.',
      ].join('\n'),
    },
  ],
};
