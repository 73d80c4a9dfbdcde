import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CATALOGUE } from '../catalogue.js';
import { executeScript } from '../execute-script.js';
import { HOST_DEMOS } from '../languages/host/host-demos.js';
import { BRIDGED_DEMOS } from './bridged-demos.js';
import { BUNDLED_DEMOS } from './bundled-demos.js';

// Golden files hold what each demo prints (and its error line, if any); set
// UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then review the diff.
const golden = (id: string) => new URL(`./golden/${id}.txt`, import.meta.url);

function render(demo: (typeof BUNDLED_DEMOS)[number]): string {
  const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
  const lines = [
    ...result.output,
    ...(result.error ? [`error ${result.error.code}: ${result.error.message}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

describe('the bundled demos', () => {
  // The demos run anywhere, the CLI included, so they cover the languages that need no bridge
  // (lmx's adapter() aside); bridged and host modes are shown by their docs pages, whose
  // examples run through the server.
  const selfContained = LANGUAGE_CATALOGUE.filter(
    (entry) => !entry.hostMode && entry.bridges.every((bridge) => bridge === 'adapters'),
  );

  it('include at least one demo per self-contained language, with unique ids', () => {
    expect(selfContained.map((entry) => entry.id).sort()).toEqual([
      'lmc',
      'lmg',
      'lmm',
      'lmn',
      'lmx',
      'lmy',
      'lmz',
    ]);
    const modes = new Set(BUNDLED_DEMOS.map((demo) => demo.mode));
    for (const language of selfContained) expect(modes, `a demo for ${language.id}`).toContain(language.id);
    expect(new Set(BUNDLED_DEMOS.map((demo) => demo.id)).size).toBe(BUNDLED_DEMOS.length);
  });

  it('include one demo per bridged mode, every id unique across the three lists', () => {
    expect(BRIDGED_DEMOS.map((demo) => demo.mode).sort()).toEqual(['lma', 'lmai', 'lmi', 'lmq']);
    const all = [...BUNDLED_DEMOS, ...BRIDGED_DEMOS, ...HOST_DEMOS];
    expect(new Set(all.map((demo) => demo.id)).size).toBe(all.length);
  });

  it.each(BUNDLED_DEMOS.map((demo) => [demo.id, demo] as const))(
    '%s runs and prints its golden output',
    (id, demo) => {
      const result = executeScript({ mode: demo.mode, source: demo.source, input: demo.input });
      expect(result.error).toBeUndefined();
      const text = render(demo);
      if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden(id))) writeFileSync(golden(id), text);
      expect(text).toBe(readFileSync(golden(id), 'utf8'));
    },
  );
});
