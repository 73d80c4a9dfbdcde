import type { BundledDemo } from './bundled-demo.js';

/**
 * The bundled demos of the bridged modes (`lma`, `lmi`, `lmq`, `lmai`), served beside
 * `BUNDLED_DEMOS`. They need the server's bridges (a signed-in caller); with no bridge they
 * refuse with `E_BRIDGE_MISSING`, so they have no golden output here: the server's route
 * suite runs each one.
 *
 * @example
 * BRIDGED_DEMOS.map((demo) => demo.mode); // ['lma', 'lmi', 'lmq', 'lmai']
 */
export const BRIDGED_DEMOS: readonly BundledDemo[] = [
  {
    id: 'lma-maze',
    mode: 'lma',
    title: 'Find a tool and use it',
    description:
      'Discovers the puzzle tools, generates a maze page and shows what ran, who served it and what it cost.',
    source: [
      'DISCOVER maze puzzle page -> hits',
      'print "best match:", hits[0].id',
      'USE activity-pages.generatePage {"kind": "maze", "seed": 7} -> page',
      'print page.kind, page.seed',
      'TRACE',
    ].join('\n'),
  },
  {
    id: 'lmi-install',
    mode: 'lmi',
    title: 'What can I do here?',
    description: 'Asks whether the caller may dream, who would answer a chat, and lists a few stored runs.',
    source: [
      'CAN intelligence',
      'PROVIDERS FOR llm.chat -> who',
      'print len(who) > 0',
      'LIST dreamer_runs LIMIT 3 -> runs',
      'print len(runs), "runs listed"',
    ].join('\n'),
  },
  {
    id: 'lmq-recent-runs',
    mode: 'lmq',
    title: 'Runs of the last week',
    description: 'Counts the caller’s ideation runs of the last seven days, by the epoch-ms createdAt.',
    source: 'FROM dreamer_runs WHERE createdAt > days_ago(7) SELECT count()',
  },
  {
    id: 'lmai-names',
    mode: 'lmai',
    title: 'Names for a bakery',
    description: 'Asks a model, and branches on usage.stub when no model is configured.',
    source: [
      'SYSTEM "You name small shops."',
      'ASK auto "Three names for a bakery" -> names',
      'if names.usage.stub',
      '  print "no model configured; the stub answered:", names.text',
      'else',
      '  print names.text',
      'end',
    ].join('\n'),
  },
];
