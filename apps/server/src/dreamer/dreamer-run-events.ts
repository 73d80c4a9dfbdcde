import type { RequestUser } from '@svc/gate';
import type { ServerEvents } from '../events/server-events.js';
import type { DreamerServices } from './create-dreamer-services.js';

/**
 * The dreamer's services, emitting `dreamer.run.finished` when a run started through `run` or
 * `runPriced` ends (once per call: `runPriced` reaches the inner `run`, not this wrapper).
 * A call refused before its run started (a bad argument, no balance) emits `error` without a run id.
 *
 * @example
 * const dreamer = withRunEvents(createDreamerServices({ … }), events);
 */
export function withRunEvents(dreamer: DreamerServices, events: ServerEvents): DreamerServices {
  const report = (user: RequestUser, result?: { runId: string; status: string }): void =>
    events.emit('dreamer.run.finished', {
      owner: user.id,
      runId: result?.runId ?? null,
      status: result?.status ?? 'error',
    });
  const reporting =
    (run: DreamerServices['run']): DreamerServices['run'] =>
    async (user, args, options) => {
      try {
        const result = await run(user, args, options);
        report(user, result);
        return result;
      } catch (error) {
        report(user);
        throw error;
      }
    };
  return { ...dreamer, run: reporting(dreamer.run), runPriced: reporting(dreamer.runPriced) };
}
