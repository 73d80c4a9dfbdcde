import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { executeScript } from './execute-script.js';
import { BUILT_LANGUAGES } from './languages/language-registry.js';

// The language pages under docs/lmx/ show real runs; this keeps them real.
//
// On a page, a fenced block whose info string is a built mode id (```lmc) is an example.
// It must be followed by an ```output block holding exactly what the run prints, one line
// per output line, and, when the run fails, a last line `error E_CODE: message`. An
// optional ```input block (JSON) right before it is the run's `input`. A block that only
// shows syntax says so with `no-run` (```lmc no-run) and is not executed. A block flagged
// `host` (```lms host) needs the server's host bridge: the server's host-mode suite runs it;
// one flagged `bridged` (```lma bridged) needs the server's tools, install, db or ai bridge:
// the server's bridged-docs suite runs it.
const docsDirectory = fileURLToPath(new URL('../../../docs/lmx/', import.meta.url));
const modes = new Set(BUILT_LANGUAGES.map((language) => language.id as string));

interface Block {
  info: string;
  text: string;
  line: number;
}

interface Example {
  page: string;
  line: number;
  mode: string;
  source: string;
  input?: unknown;
  output?: string;
}

function readBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^```(.*)$/.exec(lines[index] as string);
    if (!open) continue;
    const body: string[] = [];
    const line = index + 1;
    for (index += 1; index < lines.length && lines[index] !== '```'; index += 1)
      body.push(lines[index] as string);
    blocks.push({ info: (open[1] as string).trim(), text: body.join('\n'), line });
  }
  return blocks;
}

function readExamples(page: string, markdown: string): Example[] {
  const blocks = readBlocks(markdown);
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    const [mode, flag] = block.info.split(/\s+/);
    if (!mode || !modes.has(mode) || flag === 'no-run' || flag === 'host' || flag === 'bridged') return;
    const before = blocks[index - 1];
    const after = blocks[index + 1];
    examples.push({
      page,
      line: block.line,
      mode,
      source: block.text,
      ...(before?.info === 'input' ? { input: JSON.parse(before.text) as unknown } : {}),
      ...(after?.info === 'output' ? { output: after.text } : {}),
    });
  });
  return examples;
}

const pages = readdirSync(docsDirectory).filter((name) => name.endsWith('.md'));
const examples = pages.flatMap((page) => readExamples(page, readFileSync(`${docsDirectory}${page}`, 'utf8')));

describe('docs/lmx examples', () => {
  it('finds examples on the language pages', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [`${example.page}:${example.line} (${example.mode})`, example] as const))(
    'runs %s as the page shows',
    (_name, example) => {
      expect(
        example.output,
        'every example is followed by an ```output block (or marked no-run)',
      ).toBeDefined();
      const result = executeScript({ mode: example.mode, source: example.source, input: example.input });
      const shown = [
        ...result.output,
        ...(result.error ? [`error ${result.error.code}: ${result.error.message}`] : []),
      ];
      expect(shown.join('\n')).toBe(example.output);
    },
  );
});
