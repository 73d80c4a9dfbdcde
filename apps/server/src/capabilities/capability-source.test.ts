import { describe, expect, it } from 'vitest';
import { CapabilityError } from '../errors/capability-error.js';
import { createTestRegistry, userWith } from '../testing/capability-test-helpers.js';
import { type Capability, defineCapability } from './capability-types.js';

const alice = userWith('alice', ['member']);
const bob = userWith('bob', ['member']);

function ownCapability(owner: string, name: string): Capability {
  return defineCapability<{ n: number }, { owner: string; n: number }>({
    id: `own.${name}`,
    plane: 'function',
    title: name,
    description: `${name} of ${owner}.`,
    input: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
    policy: { access: 'account', meter: `tool:own.${name}` },
    run: async ({ n }) => ({ owner, n }),
  });
}

describe('capability sources', () => {
  it('lists, resolves and invokes per caller with the registered capabilities’ policy, validation and meter', async () => {
    const { registry, ledger } = createTestRegistry({ 'tool:own.double': 2 });
    registry.addSource({
      prefix: 'own.',
      list: async (user) => (user?.id === 'alice' ? [ownCapability('alice', 'double')] : []),
    });
    expect(() => registry.addSource({ prefix: 'own.', list: async () => [] })).toThrow(/taken/);
    expect((await registry.listAvailable(alice)).map((capability) => capability.id)).toEqual(['own.double']);
    expect(await registry.listAvailable(bob)).toEqual([]);
    // Not among the registered ones: the old listing is unchanged.
    expect(registry.list()).toEqual([]);

    const ran = await registry.invoke('own.double', { n: 2 }, { user: alice, surface: 'function-call' });
    expect(ran).toMatchObject({ ok: true, result: { owner: 'alice', n: 2 } });
    expect(ledger).toEqual([{ kind: 'charge', resource: 'tool:own.double', userId: 'alice', amount: 2 }]);
    const coerced = await registry.invoke(
      'own.double',
      { n: '2' },
      { user: alice, surface: 'function-call' },
    );
    expect(coerced).toMatchObject({ ok: false, error: { code: 'CAP_INVALID_ARGS' } });
    const other = await registry.invoke('own.double', { n: 2 }, { user: bob, surface: 'function-call' });
    expect(other).toMatchObject({ ok: false, error: { code: 'CAP_NOT_FOUND' } });
    expect(await registry.resolveByMcpName('own.double', alice)).toBeDefined();
  });

  it('answers a source’s reason for an unavailable id and survives a source failing to list', async () => {
    const { registry } = createTestRegistry();
    registry.addSource({
      prefix: 'remote.',
      list: async () => {
        throw new Error('boom');
      },
      resolve: async () => {
        throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The server is down.', {
          details: { reason: 'refused' },
        });
      },
    });
    expect(await registry.listAvailable(alice)).toEqual([]);
    expect(await registry.invoke('remote.x.y', {}, { user: alice, surface: 'mcp' })).toEqual({
      ok: false,
      error: { code: 'CAP_UPSTREAM_FAILED', message: 'The server is down.', details: { reason: 'refused' } },
    });
  });
});
