import { BridgeError } from '@svc/lmx-interpreters';
import { describe, expect, it } from 'vitest';
import { defineCapability } from '../../capabilities/capability-types.js';
import { createTestRegistry, userWith } from '../../testing/capability-test-helpers.js';
import { createCallBudget } from './call-budget.js';
import { answerCan } from './server-install-bridge.js';
import { rankTools } from './tool-ranking.js';

// The rules of the bridges that the server suites cannot reach cheaply: the time window of a
// budget (30 s of lma calls, 60 s of lmai calls) and CAN without an entitlement engine.

describe('the call budget of a bridge', () => {
  it('refuses the call past the count with E_LIMIT_CALLS and a call after the window with E_LIMIT_TIME', () => {
    let now = 0;
    const budget = createCallBudget({ what: 'model', calls: 2, windowMs: 60_000, now: () => now });
    budget.take();
    budget.take();
    expect(() => budget.take()).toThrow(expect.objectContaining({ code: 'E_LIMIT_CALLS' }));
    const timed = createCallBudget({ what: 'tool', calls: 50, windowMs: 30_000, now: () => now });
    timed.take();
    now = 30_000;
    let caught: unknown;
    try {
      timed.take();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BridgeError);
    expect(caught).toMatchObject({ code: 'E_LIMIT_TIME', message: expect.stringContaining('30 s') });
  });

  it('says whether the window has passed, for a call it cut off', () => {
    let now = 0;
    const budget = createCallBudget({ what: 'model', calls: 20, windowMs: 60_000, now: () => now });
    budget.take();
    now = 59_999;
    expect(() => budget.assertTime()).not.toThrow();
    now = 60_000;
    expect(() => budget.assertTime()).toThrow(expect.objectContaining({ code: 'E_LIMIT_TIME' }));
  });
});

describe('the signal of a bridge call', () => {
  it('aborts with the run', () => {
    const budget = createCallBudget({ what: 'tool', calls: 50, windowMs: 30_000 });
    const run = new AbortController();
    const signal = budget.signalFor(run.signal);
    expect(signal.aborted).toBe(false);
    run.abort();
    expect(signal.aborted).toBe(true);
    expect(budget.signalFor(run.signal).aborted).toBe(true);
  });
});

describe('CAN', () => {
  const { registry } = createTestRegistry();
  registry.register(
    defineCapability({
      id: 'demo.dream',
      plane: 'adapter',
      title: 'Dream',
      description: 'Needs a membership.',
      input: { type: 'object' },
      policy: { access: 'account', membership: 'intelligence' },
      run: async () => null,
    }),
  );
  registry.register(
    defineCapability({
      id: 'demo.open',
      plane: 'adapter',
      title: 'Open',
      description: 'Anyone.',
      input: { type: 'object' },
      policy: { access: 'anyone' },
      run: async () => null,
    }),
  );
  const member = userWith('u1', ['member']);
  const subscriber = userWith('u2', ['member'], ['intelligence']);
  const entitlements = { features: () => ['intelligence', 'print-without-watermark'] };

  it('answers unknown, never yes, for what needs an entitlement engine when none is wired', async () => {
    expect(await answerCan({ registry, user: subscriber }, 'intelligence')).toBe('unknown');
    expect(await answerCan({ registry, user: subscriber }, 'demo.dream')).toBe('unknown');
    expect(await answerCan({ registry, user: member }, 'demo.open')).toBe('yes');
  });

  it('answers from the policy and the membership when the engine is wired', async () => {
    expect(await answerCan({ registry, user: member, entitlements }, 'intelligence')).toBe('no');
    expect(await answerCan({ registry, user: member, entitlements }, 'demo.dream')).toBe('no');
    expect(await answerCan({ registry, user: subscriber, entitlements }, 'intelligence')).toBe('yes');
    expect(await answerCan({ registry, user: subscriber, entitlements }, 'demo.dream')).toBe('yes');
    expect(await answerCan({ registry, user: userWith('a', ['admin']), entitlements }, 'intelligence')).toBe(
      'yes',
    );
    expect(await answerCan({ registry, user: subscriber, entitlements }, 'teleport')).toBe('no');
  });
});

describe('DISCOVER ranking', () => {
  it('ranks ids over titles over descriptions, an exact id first, and leaves out what scores nothing', () => {
    const { registry } = createTestRegistry();
    const make = (id: string, title: string, description: string) =>
      defineCapability({
        id,
        plane: 'adapter',
        title,
        description,
        input: { type: 'object' },
        policy: { access: 'anyone' },
        run: async () => null,
      });
    registry.register(make('pages.generatePage', 'Generate a puzzle page', 'A maze or a sudoku.'));
    registry.register(make('books.build', 'Build a book', 'Pages of puzzles in one PDF.'));
    registry.register(make('spec.validate', 'Validate a spec', 'OpenAPI checks.'));
    expect(rankTools(registry.list(), 'puzzle page').map((hit) => hit.id)).toEqual([
      'pages.generatePage',
      'books.build',
    ]);
    expect(rankTools(registry.list(), 'spec.validate')[0]).toMatchObject({
      id: 'spec.validate',
      score: expect.any(Number),
    });
    expect(rankTools(registry.list(), 'weather')).toEqual([]);
  });
});
