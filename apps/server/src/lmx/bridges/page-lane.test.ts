import { describe, expect, it } from 'vitest';
import { createPageLane } from './page-lane.js';

/** A read that records when it starts and ends, and finishes when `finish` is called. */
function trackedRead(log: string[], name: string) {
  let finish: (value: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return {
    read: async () => {
      log.push(`start ${name}`);
      const value = await done;
      log.push(`end ${name}`);
      return value;
    },
    finish: (value = name) => finish(value),
  };
}

/** Lets the event loop turn a few times: the lane moves on by turns, not by the clock. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('the lmq page lane', () => {
  it('runs one read at a time in arrival order when its width is 1', async () => {
    const lane = createPageLane({ width: 1, rest: 0 });
    const log: string[] = [];
    const reads = ['a', 'b', 'c'].map((name) => trackedRead(log, name));
    const answers = reads.map((entry) => lane.run(entry.read));
    await settle();
    expect(log).toEqual(['start a']);
    reads[1]?.finish();
    reads[0]?.finish();
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c']);
    reads[2]?.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  });

  it('runs up to its width at once', async () => {
    const lane = createPageLane({ width: 2, rest: 0 });
    const log: string[] = [];
    const reads = ['a', 'b', 'c'].map((name) => trackedRead(log, name));
    const answers = reads.map((entry) => lane.run(entry.read));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    for (const entry of reads) entry.finish();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c']);
  });

  it('gives a failing read its error and goes on with the next', async () => {
    const lane = createPageLane({ width: 1, rest: 1 });
    const failing = lane.run(async () => {
      throw new Error('no page');
    });
    const next = lane.run(async () => 'page');
    await expect(failing).rejects.toThrow('no page');
    expect(await next).toBe('page');
  });

  it('lets the event loop turn before every read', async () => {
    const lane = createPageLane({ width: 1, rest: 0 });
    const order: string[] = [];
    const reading = lane.run(async () => {
      order.push('read');
    });
    setImmediate(() => order.push('other work'));
    await reading;
    expect(order).toEqual(['other work', 'read']);
  });
});
