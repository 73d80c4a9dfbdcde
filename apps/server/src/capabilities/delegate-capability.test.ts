import { describe, expect, it } from 'vitest';
import { CapabilityError } from '../errors/capability-error.js';
import { createTestRegistry, userWith } from '../testing/capability-test-helpers.js';
import { defineCapability } from './capability-types.js';
import { defineDelegateCapability } from './delegate-capability.js';

const member = userWith('member', ['member'], ['intelligence']);
const stranger = userWith('stranger', ['member']);

const ECHO = defineCapability<{ text: string }, { text: string }>({
  id: 'demo.echo',
  plane: 'adapter',
  title: 'Echo',
  description: 'Echoes text.',
  input: {
    type: 'object',
    required: ['text'],
    additionalProperties: false,
    properties: { text: { type: 'string' } },
  },
  policy: {
    access: 'anyone',
    membership: 'intelligence',
    meter: 'tool:demo.echo',
    rateLimit: { max: 2, windowMs: 60_000, per: 'user' },
    readOnly: true,
  },
  timeoutMs: 5000,
  run: async ({ text }) => {
    if (text === 'fail') throw new CapabilityError('CAP_UPSTREAM_FAILED', 'The echo is down.');
    return { text };
  },
});

describe('a capability that delegates to another', () => {
  it('takes the target’s schema and who-may policy, no price, and charges the target once', async () => {
    const { registry, ledger } = createTestRegistry({ 'tool:demo.echo': 3, 'tool:demo.say': 100 });
    registry.register(ECHO);
    const say = defineDelegateCapability(registry, {
      id: 'demo.say',
      plane: 'automation',
      title: 'Say',
      description: 'Echo under another name.',
      target: ECHO,
    });
    registry.register(say);
    expect(say.input).toBe(ECHO.input);
    expect(say.policy).toEqual({ access: 'account', membership: 'intelligence', readOnly: true });
    expect(say.delegate).toEqual({ target: 'demo.echo', meter: 'tool:demo.echo' });
    expect(say.timeoutMs).toBe(6000);

    const said = await registry.invoke('demo.say', { text: 'hi' }, { user: member, surface: 'automation' });
    expect(said).toMatchObject({ ok: true, result: { text: 'hi' } });
    expect(ledger).toEqual([{ kind: 'charge', resource: 'tool:demo.echo', userId: 'member', amount: 3 }]);

    // The target's failure is the delegate's, with the target's own payload (and refund).
    const failed = await registry.invoke(
      'demo.say',
      { text: 'fail' },
      { user: member, surface: 'automation' },
    );
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'CAP_UPSTREAM_FAILED', message: 'The echo is down.' },
    });
    expect(ledger.at(-1)).toMatchObject({ kind: 'refund', resource: 'tool:demo.echo' });
    // The target's rate limit holds through the delegate: two uses a minute in all.
    const limited = await registry.invoke(
      'demo.echo',
      { text: 'x' },
      { user: member, surface: 'automation' },
    );
    expect(limited).toMatchObject({ ok: false, error: { code: 'SERVER_RATE_LIMITED' } });

    const refused = await registry.invoke(
      'demo.say',
      { text: 'hi' },
      { user: stranger, surface: 'automation' },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: 'GATE_MEMBERSHIP_REQUIRED' } });
    const anonymous = await registry.invoke(
      'demo.say',
      { text: 'hi' },
      { user: null, surface: 'automation' },
    );
    expect(anonymous).toMatchObject({ ok: false, error: { code: 'GATE_UNAUTHENTICATED' } });
  });

  it('maps arguments to a target chosen per call, and needs a target or a mapping', async () => {
    const { registry } = createTestRegistry();
    registry.register(ECHO);
    const shout = defineDelegateCapability<{ word: string }>(registry, {
      id: 'demo.shout',
      plane: 'automation',
      title: 'Shout',
      description: 'Echoes a word in capitals.',
      input: { type: 'object', required: ['word'], properties: { word: { type: 'string' } } },
      target: undefined,
      toCall: ({ word }) => ({ id: 'demo.echo', args: { text: word.toUpperCase() } }),
      delegate: { target: 'demo.echo', meter: 'tool:demo.echo' },
    });
    expect(shout.policy).toEqual({ access: 'account' });
    registry.register(shout);
    expect(
      await registry.invoke('demo.shout', { word: 'hey' }, { user: member, surface: 'lma' }),
    ).toMatchObject({
      ok: true,
      result: { text: 'HEY' },
    });
    expect(() =>
      defineDelegateCapability(registry, {
        id: 'demo.nothing',
        plane: 'automation',
        title: 'Nothing',
        description: 'No target.',
        input: { type: 'object' },
        target: undefined,
      }),
    ).toThrow(TypeError);
  });
});
