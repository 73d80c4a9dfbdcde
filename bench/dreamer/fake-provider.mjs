// The zero-latency in-process model provider both sides of the dreamer benches call: it answers
// every stage with the same realistic ~1.5 KB markdown text, so what is measured is orchestration.

/** A plausible stage answer (markdown, ~1.5 KB), the size a real model returns per stage. */
export const STAGE_TEXT = `## 1. HiveLog
- **Who it is for**: hobby beekeepers with 1–5 hives who keep notes on paper or not at all.
- **The problem it solves**: inspections are forgotten, swarming signs are missed, and nobody can
  say which queen came from where.
- **Why now**: cheap Bluetooth scales and phone cameras make hive data easy to capture.

## 2. Swarm Watch
- **Who it is for**: urban beekeeping associations that answer swarm calls.
- **The problem it solves**: swarm reports arrive by phone and get lost; volunteers double up.
- **Why now**: city councils now fund pollinator programmes and want numbers to show.

## 3. Queen Ledger
- **Who it is for**: small queen breeders selling 50–500 queens a year.
- **The problem it solves**: lineage and temperament records live in spreadsheets that break.
- **Why now**: buyers increasingly ask for documented varroa-resistant lines.

## 4. Honey Batch
- **Who it is for**: sideline beekeepers who sell honey at markets.
- **The problem it solves**: labelling rules and batch traceability are confusing and manual.
- **Why now**: new labelling rules on origin and blends take effect next season.

## 5. Mite Count
- **Who it is for**: commercial beekeepers managing 200+ colonies.
- **The problem it solves**: varroa sampling is slow and results are not compared across yards.
- **Why now**: phone cameras can count mites on a sticky board in seconds.
`;

/** Token usage the fake reports, so the runner takes the "reported usage" path of a real provider. */
const USAGE = { inputTokens: 900, outputTokens: 380 };

/** The model of the fake provider that yields to the event loop once before answering. */
export const YIELDING_MODEL = 'm-io';

/**
 * A `ProviderRegistry` (the `@svc/dreamer-core` port) with one provider `fake`. Its default model
 * `m` answers at once (a resolved promise); `m-io` ({@link YIELDING_MODEL}) answers after one
 * `setImmediate`, as any provider doing I/O does: with `m` and a synchronous database driver a
 * whole run is one chain of promise jobs that never lets the event loop write to sockets.
 */
export function createFakeRegistry() {
  return {
    list: () => [{ provider: 'fake', models: ['m', YIELDING_MODEL] }],
    complete: async (request) => {
      if (request.model === YIELDING_MODEL) await new Promise((resolve) => setImmediate(resolve));
      return { text: STAGE_TEXT, usage: USAGE };
    },
  };
}
