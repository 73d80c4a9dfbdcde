import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Broadcast, BroadcastMessage } from '../broadcast/broadcast.js';

/** Two instances on one transport (`a`, `b`) and one of another install on it (`stranger`). */
export interface BroadcastPair {
  a: Broadcast;
  b: Broadcast;
  stranger: Broadcast;
  close(): Promise<void>;
}

/** A list filled by a subscription, to poll. */
function collect(broadcast: Broadcast, channel: string): BroadcastMessage[] {
  const seen: BroadcastMessage[] = [];
  broadcast.subscribe(channel, (message) => seen.push(message));
  return seen;
}

/**
 * The behaviour every broadcast transport shares (in-process, Redis, PostgreSQL): run it with a
 * factory of two instances on one transport.
 *
 * @example
 * describeBroadcastContract('redis', async () => ({ a, b, stranger, close }));
 */
export function describeBroadcastContract(name: string, openPair: () => Promise<BroadcastPair>): void {
  describe(`the broadcast contract over ${name}`, () => {
    let pair: BroadcastPair;
    beforeAll(async () => {
      pair = await openPair();
    });
    afterAll(async () => pair?.close());

    it('delivers a message published on one instance to the subscribers of both', async () => {
      const onA = collect(pair.a, 'contract.both');
      const onB = collect(pair.b, 'contract.both');
      await pair.a.publish('contract.both', { id: 'k1', count: 2, flag: true, none: null });
      await expect.poll(() => onB).toEqual([{ id: 'k1', count: 2, flag: true, none: null }]);
      await expect.poll(() => onA).toEqual([{ id: 'k1', count: 2, flag: true, none: null }]);
      expect(pair.a.isLive() && pair.b.isLive()).toBe(true);
    });

    it('keeps channels apart, and an unsubscribed handler hears nothing more', async () => {
      const other = collect(pair.b, 'contract.other');
      const heard: BroadcastMessage[] = [];
      const unsubscribe = pair.b.subscribe('contract.mine', (message) => heard.push(message));
      await pair.a.publish('contract.mine', { n: 1 });
      await expect.poll(() => heard).toEqual([{ n: 1 }]);
      unsubscribe();
      await pair.a.publish('contract.mine', { n: 2 });
      await pair.a.publish('contract.other', { n: 3 });
      // Delivered in order: once n 3 arrived, n 2 would have, had it been delivered.
      await expect.poll(() => other).toEqual([{ n: 3 }]);
      expect(heard).toEqual([{ n: 1 }]);
    });

    it('never reaches another install on the same transport', async () => {
      const heard = collect(pair.b, 'contract.install');
      const strangerHeard = collect(pair.stranger, 'contract.install');
      await pair.stranger.publish('contract.install', { from: 'stranger' });
      await pair.a.publish('contract.install', { from: 'a' });
      await expect.poll(() => heard).toEqual([{ from: 'a' }]);
      await expect.poll(() => strangerHeard).toEqual([{ from: 'stranger' }]);
    });

    it('a throwing handler does not stop the others', async () => {
      pair.b.subscribe('contract.throw', () => {
        throw new Error('handler bug');
      });
      const heard = collect(pair.b, 'contract.throw');
      await pair.a.publish('contract.throw', { n: 1 });
      await pair.a.publish('contract.throw', { n: 2 });
      await expect.poll(() => heard).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('refuses nested or oversized messages and bad channel names', async () => {
      await expect(
        pair.a.publish('contract.bad', { nested: { no: 1 } } as unknown as BroadcastMessage),
      ).rejects.toThrow(/flat object/);
      await expect(pair.a.publish('contract.bad', { big: 'x'.repeat(5000) })).rejects.toThrow(/at most/);
      await expect(pair.a.publish('Not A Channel', { n: 1 })).rejects.toThrow(/channel name/);
    });
  });
}
