// Orchestration overhead of a six-stage dreamer run (DEFAULT_PIPELINE) against a zero-latency
// in-process provider, without a store and with the in-memory store, side by side with the same
// pipeline as a LangChain (@langchain/core) chain. Target: ≤ 5 ms per run.
// Needs the built package: `npx -y pnpm@10.34.8 exec turbo run build --filter=@svc/dreamer-core`.
//   node bench/dreamer/orchestration.mjs [--min-runs 2000] [--min-seconds 3]
import { parseArgs } from 'node:util';
import { createDreamer, DEFAULT_PIPELINE } from '@svc/dreamer-core';
import { createMemoryRunStore } from '@svc/dreamer-core/testing';
import { timeBatches } from './batch-timer.mjs';
import { createFakeRegistry, STAGE_TEXT } from './fake-provider.mjs';
import { createLangchainPipeline } from './langchain-chain.mjs';

export const ORCHESTRATION_TARGET_MS = 5;
const INPUT = { topic: 'tools for hobby beekeepers', constraints: 'two developers, three months' };
const clock = { now: () => new Date() };
const STORE_RESET_RUNS = 1000;

/** Prompt characters sent to the model in one run, and the final outputs: the fairness check. */
async function inspectOnce() {
  const registry = createFakeRegistry();
  let ours = 0;
  const counting = {
    list: registry.list,
    complete: async (request) => {
      for (const message of request.messages) ours += message.content.length;
      return registry.complete(request);
    },
  };
  const result = await createDreamer({ providers: counting, clock }).run({
    topic: INPUT.topic,
    inputValues: { constraints: INPUT.constraints },
  });
  let theirs = 0;
  const output = await createLangchainPipeline(DEFAULT_PIPELINE).invoke(INPUT, {
    callbacks: [
      {
        handleChatModelStart(_model, batches) {
          for (const message of batches[0]) theirs += message.content.length;
        },
      },
    ],
  });
  const stages = DEFAULT_PIPELINE.stages.map((stage) => stage.key);
  if (result.steps.length !== 6 || stages.some((key) => output[key] !== STAGE_TEXT)) {
    throw new Error('a pipeline did not produce six stage outputs');
  }
  return { oursPromptChars: ours, langchainPromptChars: theirs };
}

/** Runs every case and returns their measurements (see batch-timer.mjs) plus derived figures. */
export async function measureOrchestration({ minRuns = 2000, minSeconds = 3 } = {}) {
  const options = { minRuns, minSeconds };
  const fairness = await inspectOnce();
  const args = { topic: INPUT.topic, inputValues: { constraints: INPUT.constraints } };

  const registry = createFakeRegistry();
  const request = { provider: 'fake', model: 'm', messages: [], outputFormat: 'markdown' };
  const fakeOnly = await timeBatches(
    async () => {
      for (let i = 0; i < 6; i++)
        await registry.complete({ ...request, signal: new AbortController().signal });
    },
    { ...options, batchSize: 100 },
  );

  const bare = createDreamer({ providers: createFakeRegistry(), clock });
  const noStore = await timeBatches(() => bare.run(args), options);

  // The memory store keeps every record (~20 KB each); a fresh one every 1,000 runs keeps the
  // heap from growing through the case, as a database would keep records off the heap.
  let stored = 0;
  let dreamer;
  const withStore = await timeBatches(() => {
    if (stored++ % STORE_RESET_RUNS === 0) {
      dreamer = createDreamer({ providers: createFakeRegistry(), store: createMemoryRunStore(), clock });
    }
    return dreamer.run(args);
  }, options);

  const chain = createLangchainPipeline(DEFAULT_PIPELINE);
  const langchain = await timeBatches(() => chain.invoke(INPUT), options);

  const cases = [
    { name: 'svc createDreamer, no store', ...noStore },
    { name: 'svc createDreamer, memory store', ...withStore },
    { name: 'LangChain RunnableSequence', ...langchain, peer: true },
    { name: 'fake provider ×6 (empty loop)', ...fakeOnly, reference: true },
  ];
  for (const c of cases) {
    c.overheadMedianMs = c.reference ? c.medianMs : c.medianMs - fakeOnly.medianMs;
    c.vsLangchain = langchain.medianMs / c.medianMs;
  }
  return { input: INPUT, fairness, minRuns, minSeconds, cases };
}

const fixed = (value, digits = 3) => value.toFixed(digits);

/** Prints the cases as a markdown table and returns the target verdicts. */
export function printOrchestration(report) {
  console.log(
    `dreamer orchestration: DEFAULT_PIPELINE (6 stages), zero-latency fake provider, ~${STAGE_TEXT.length} B per answer`,
  );
  console.log(
    `prompt characters per run (fairness check): svc ${report.fairness.oursPromptChars}, LangChain ${report.fairness.langchainPromptChars}`,
  );
  console.log(
    '| case | runs | ms/run med | p95 | min | overhead med | runs/s | speed vs LangChain | alloc KiB/run |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const c of report.cases) {
    console.log(
      `| ${c.name} | ${c.runs} | ${fixed(c.medianMs)} | ${fixed(c.p95Ms)} | ${fixed(c.minMs)} | ${fixed(c.overheadMedianMs)} | ${fixed(c.runsPerSecond, 0)} | ${c.reference ? '' : `${fixed(c.vsLangchain, 2)}×`} | ${fixed(c.allocatedBytesPerRun / 1024, 1)} |`,
    );
  }
  return report.cases
    .filter((c) => !c.peer && !c.reference)
    .map((c) => ({
      target: `orchestration ${c.name}: overhead ≤ ${ORCHESTRATION_TARGET_MS} ms/run`,
      value: `${fixed(c.overheadMedianMs)} ms (p95 ${fixed(c.p95Ms)} ms)`,
      met: c.overheadMedianMs <= ORCHESTRATION_TARGET_MS,
    }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      'min-runs': { type: 'string', default: '2000' },
      'min-seconds': { type: 'string', default: '3' },
    },
  });
  const report = await measureOrchestration({
    minRuns: Number(values['min-runs']),
    minSeconds: Number(values['min-seconds']),
  });
  for (const verdict of printOrchestration(report)) {
    console.log(`  ${verdict.met ? 'PASS' : 'MISS'} ${verdict.target}: ${verdict.value}`);
  }
}
