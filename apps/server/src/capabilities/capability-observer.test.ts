import { describe, expect, it } from 'vitest';
import { createTestRegistry, userWith } from '../testing/capability-test-helpers.js';
import type { CapabilityObserver, ObservedUse } from './capability-observer.js';
import { type Capability, defineCapability } from './capability-types.js';

const alice = userWith('alice', ['member']);

const echo = (id: string): Capability =>
  defineCapability<{ n: number }, { n: number }>({
    id,
    plane: 'adapter',
    title: id,
    description: `${id} for tests.`,
    input: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
    policy: { access: 'anyone' },
    run: async ({ n }) => ({ n }),
  });

/** An observer recording what it saw, in order, around each use. */
function recorder(name: string, seen: string[]): CapabilityObserver {
  return {
    async wrap(use: ObservedUse, run) {
      seen.push(`${name} start ${use.label} ${use.surface}`);
      const outcome = await run();
      seen.push(`${name} end ${use.label} ${outcome.ok ? 'ok' : outcome.error.code}`);
      return outcome;
    },
  };
}

describe('capability observers', () => {
  it('see every use with a bounded label and its outcome, the first added outermost, and change nothing', async () => {
    const { registry } = createTestRegistry();
    registry.register(echo('demo.echo'));
    registry.addSource({ prefix: 'own.', list: async () => [echo('own.per-user-name')] });
    const seen: string[] = [];
    registry.addObserver(recorder('outer', seen));
    registry.addObserver(recorder('inner', seen));

    const ran = await registry.invoke('demo.echo', { n: 1 }, { user: null, surface: 'mcp' });
    expect(ran).toMatchObject({ ok: true, result: { n: 1 } });
    const invalid = await registry.invoke('demo.echo', { n: 'x' }, { user: null, surface: 'mcp' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'CAP_INVALID_ARGS' } });
    await registry.invoke('own.per-user-name', { n: 2 }, { user: alice, surface: 'function-call' });
    await registry.invoke('nobody.has-this-9000', {}, { user: null, surface: 'adapter-route' });

    expect(seen).toEqual([
      'outer start demo.echo mcp',
      'inner start demo.echo mcp',
      'inner end demo.echo ok',
      'outer end demo.echo ok',
      'outer start demo.echo mcp',
      'inner start demo.echo mcp',
      'inner end demo.echo CAP_INVALID_ARGS',
      'outer end demo.echo CAP_INVALID_ARGS',
      'outer start own.* function-call',
      'inner start own.* function-call',
      'inner end own.* ok',
      'outer end own.* ok',
      'outer start unknown adapter-route',
      'inner start unknown adapter-route',
      'inner end unknown CAP_NOT_FOUND',
      'outer end unknown CAP_NOT_FOUND',
    ]);
  });
});
