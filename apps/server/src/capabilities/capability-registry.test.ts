import { describe, expect, it } from 'vitest';
import { CapabilityError } from '../errors/capability-error.js';
import { createTestRegistry, userWith } from '../testing/capability-test-helpers.js';
import { type Capability, defineCapability } from './capability-types.js';

const member = userWith('member', ['member']);
const developer = userWith('dev', ['member', 'developer']);
const admin = userWith('admin', ['admin']);
const subscriber = userWith('sub', ['member'], ['intelligence']);

function capability(overrides: Partial<Capability> & { id: string }): Capability {
  return defineCapability<Record<string, unknown>, unknown>({
    plane: 'adapter',
    title: overrides.id,
    description: `${overrides.id} for tests.`,
    input: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } },
    policy: { access: 'anyone' },
    run: async (args) => ({ echoed: args }),
    ...overrides,
  } as Capability);
}

/** A deferred: work that ends when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('capability registry', () => {
  it('refuses bad or taken ids, taken MCP and tool names, and non-object inputs', () => {
    const { registry } = createTestRegistry();
    registry.register(capability({ id: 'demo.echo', mcpName: 'echo' }));
    expect(() => registry.register(capability({ id: 'demo.echo' }))).toThrow(/already registered/);
    expect(() => registry.register(capability({ id: 'demo.other', mcpName: 'echo' }))).toThrow(/MCP name/);
    expect(() => registry.register(capability({ id: 'demo_other.x', mcpName: 'x' }))).toThrow(
      /Bad capability id/,
    );
    for (const bad of ['', 'nodot', 'Upper.case', 'a.b c', '__proto__.x', 'a.']) {
      expect(() => registry.register(capability({ id: bad })), bad).toThrow(/Bad capability id/);
    }
    expect(() => registry.register(capability({ id: 'demo.list', input: { type: 'array' } }))).toThrow(
      /must have type "object"/,
    );
    // `demo.a_b` is `demo_a_b` to OpenAI and Anthropic, like the MCP name `demo_a_b`.
    registry.register(capability({ id: 'demo.first', mcpName: 'demo_a_b' }));
    expect(() => registry.register(capability({ id: 'demo.a_b' }))).toThrow(/Tool name/);
  });

  it('answers an unknown id with CAP_NOT_FOUND and near misses, prototype names included', async () => {
    const { registry } = createTestRegistry();
    registry.register(capability({ id: 'activity-pages.generatePage' }));
    const outcome = await registry.invoke(
      'activity-pages.generatePages',
      {},
      { user: null, surface: 'internal' },
    );
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'CAP_NOT_FOUND', details: { suggestions: ['activity-pages.generatePage'] } },
    });
    for (const id of ['constructor', '__proto__', 'toString', 'activity-pages.constructor']) {
      const missing = await registry.invoke(id, {}, { user: null, surface: 'internal' });
      expect(missing.ok ? 'ok' : missing.error.code, id).toBe('CAP_NOT_FOUND');
    }
  });

  it("applies the policy with the gate's codes; admins bypass membership", async () => {
    const { registry } = createTestRegistry();
    registry.register(capability({ id: 'demo.account', policy: { access: 'account' } }));
    registry.register(
      capability({ id: 'demo.dev', policy: { access: 'account', permission: 'run_adapter' } }),
    );
    registry.register(
      capability({ id: 'demo.paid', policy: { access: 'account', membership: 'intelligence' } }),
    );
    registry.register(capability({ id: 'demo.staff', policy: { access: 'account', role: 'staff' } }));
    registry.register(capability({ id: 'demo.host', policy: { access: 'account', host: true } }));
    const codeOf = async (id: string, user: typeof member | null) => {
      const outcome = await registry.invoke(id, {}, { user, surface: 'internal' });
      return outcome.ok ? 'ok' : outcome.error.code;
    };
    expect(await codeOf('demo.account', null)).toBe('GATE_UNAUTHENTICATED');
    expect(await codeOf('demo.account', member)).toBe('ok');
    expect(await codeOf('demo.dev', member)).toBe('GATE_FORBIDDEN');
    expect(await codeOf('demo.dev', developer)).toBe('ok');
    expect(await codeOf('demo.paid', member)).toBe('GATE_MEMBERSHIP_REQUIRED');
    expect(await codeOf('demo.paid', subscriber)).toBe('ok');
    expect(await codeOf('demo.paid', admin)).toBe('ok');
    expect(await codeOf('demo.staff', member)).toBe('GATE_FORBIDDEN');
    expect(await codeOf('demo.staff', admin)).toBe('ok');
    // Without the host flag even admins are refused.
    expect(await codeOf('demo.host', admin)).toBe('GATE_FORBIDDEN');
    expect(registry.listFor(null).map((c) => c.id)).toEqual([]);
    expect(registry.listFor(member).map((c) => c.id)).toEqual(['demo.account']);
    expect(registry.listFor(admin).map((c) => c.id)).toEqual([
      'demo.account',
      'demo.dev',
      'demo.paid',
      'demo.staff',
    ]);
  });

  it('checks the policy before the arguments: strangers learn nothing from a bad body', async () => {
    const { registry } = createTestRegistry();
    registry.register(capability({ id: 'demo.account', policy: { access: 'account' } }));
    const outcome = await registry.invoke('demo.account', { nonsense: true }, { user: null, surface: 'mcp' });
    expect(outcome.ok ? 'ok' : outcome.error.code).toBe('GATE_UNAUTHENTICATED');
  });

  it('validates arguments without coercion, with a JSON pointer per problem, on a copy', async () => {
    const { registry } = createTestRegistry();
    registry.register(
      capability({
        id: 'demo.typed',
        input: {
          type: 'object',
          required: ['count'],
          additionalProperties: false,
          properties: {
            count: { type: 'integer', minimum: 1 },
            flag: { type: 'boolean' },
            size: { type: 'integer', default: 3 },
          },
        },
      }),
    );
    for (const count of ['5', true, [5], null]) {
      const outcome = await registry.invoke('demo.typed', { count }, { user: null, surface: 'internal' });
      expect(outcome.ok, JSON.stringify(count)).toBe(false);
      if (!outcome.ok) {
        expect(outcome.error.code).toBe('CAP_INVALID_ARGS');
        expect(outcome.error.details?.issues).toContainEqual({ path: '/count', message: expect.any(String) });
      }
    }
    const many = await registry.invoke(
      'demo.typed',
      { flag: 'yes', extra: 1 },
      { user: null, surface: 'internal' },
    );
    expect(
      many.ok ? [] : ((many.error.details?.issues ?? []) as { path: string }[]).map((issue) => issue.path),
    ).toEqual(expect.arrayContaining(['', '/flag']));
    const args = { count: 2 };
    const ok = await registry.invoke('demo.typed', args, { user: null, surface: 'internal' });
    expect(ok).toMatchObject({ ok: true, result: { echoed: { count: 2, size: 3 } } });
    expect(args).toEqual({ count: 2 });
  });

  it('rate-limits per client address or per user, in one bucket for every surface', async () => {
    const { registry, clock } = createTestRegistry();
    const rateLimit = { max: 2, windowMs: 60_000 };
    registry.register(
      capability({
        id: 'demo.client',
        policy: { access: 'anyone', rateLimit: { ...rateLimit, per: 'client' } },
      }),
    );
    registry.register(
      capability({ id: 'demo.user', policy: { access: 'anyone', rateLimit: { ...rateLimit, per: 'user' } } }),
    );
    const codeOf = async (
      id: string,
      options: {
        user: typeof member | null;
        client: string;
        surface: 'mcp' | 'adapter-route' | 'area-route';
      },
    ) => {
      const outcome = await registry.invoke(id, {}, options);
      return outcome.ok ? 'ok' : outcome.error.code;
    };
    expect(await codeOf('demo.client', { user: null, client: '203.0.113.1', surface: 'mcp' })).toBe('ok');
    expect(await codeOf('demo.client', { user: member, client: '203.0.113.1', surface: 'area-route' })).toBe(
      'ok',
    );
    expect(await codeOf('demo.client', { user: null, client: '203.0.113.1', surface: 'adapter-route' })).toBe(
      'SERVER_RATE_LIMITED',
    );
    expect(await codeOf('demo.client', { user: null, client: '203.0.113.2', surface: 'mcp' })).toBe('ok');
    // Per user: the same user from two addresses shares a bucket; anonymous callers are keyed by address.
    expect(await codeOf('demo.user', { user: member, client: '203.0.113.1', surface: 'mcp' })).toBe('ok');
    expect(await codeOf('demo.user', { user: member, client: '203.0.113.2', surface: 'area-route' })).toBe(
      'ok',
    );
    const limited = await registry.invoke(
      'demo.user',
      {},
      { user: member, client: '203.0.113.3', surface: 'mcp' },
    );
    expect(limited).toMatchObject({
      ok: false,
      error: { code: 'SERVER_RATE_LIMITED', details: { max: 2, windowMs: 60_000, retryAfterMs: 60_000 } },
    });
    expect(await codeOf('demo.user', { user: null, client: '203.0.113.1', surface: 'mcp' })).toBe('ok');
    clock.advance(60_000);
    expect(await codeOf('demo.client', { user: null, client: '203.0.113.1', surface: 'mcp' })).toBe('ok');
  });

  it('holds per-user concurrency until the work ends: six at once, two run, four refused', async () => {
    const { registry } = createTestRegistry();
    const release = gate();
    let running = 0;
    let most = 0;
    registry.register(
      capability({
        id: 'demo.heavy',
        policy: { access: 'account', concurrency: { perUser: 2 } },
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await release.opened;
          running -= 1;
          return { built: true };
        },
      }),
    );
    const calls = Array.from({ length: 6 }, (_, index) =>
      registry.invoke('demo.heavy', {}, { user: member, surface: index % 2 === 0 ? 'mcp' : 'adapter-route' }),
    );
    const other = registry.invoke('demo.heavy', {}, { user: developer, surface: 'mcp' });
    release.open();
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(4);
    expect(refused[0]).toMatchObject({
      error: { code: 'CAP_TOO_MANY_CONCURRENT', details: { capability: 'demo.heavy', limit: 2 } },
    });
    expect((await other).ok).toBe(true);
    // Anonymous callers are held per client address.
    registry.register(
      capability({
        id: 'demo.public',
        policy: { access: 'anyone', concurrency: { perUser: 1 } },
        run: async () => release.opened,
      }),
    );
    const held = await registry.concurrency.acquire('demo.public', 'client:203.0.113.7', 1);
    const anonymous = await registry.invoke(
      'demo.public',
      {},
      { user: null, surface: 'mcp', client: '203.0.113.7' },
    );
    expect(anonymous.ok ? 'ok' : anonymous.error.code).toBe('CAP_TOO_MANY_CONCURRENT');
    const elsewhere = await registry.invoke(
      'demo.public',
      {},
      { user: null, surface: 'mcp', client: '203.0.113.8' },
    );
    expect(elsewhere.ok).toBe(true);
    held.release();
    expect(most).toBe(3);
    expect(await registry.concurrency.held('demo.heavy', member.id)).toBe(0);
  });

  it('charges where the surface charges, refuses priced use on adapter() and to anonymous callers, refunds server-side failures only', async () => {
    const { registry, ledger } = createTestRegistry({
      'tool:demo.priced': 3,
      'tool:demo.upstream': 2,
      'tool:demo.bad': 1,
      'tool:demo.crash': 4,
    });
    registry.register(
      capability({ id: 'demo.priced', policy: { access: 'anyone', meter: 'tool:demo.priced' } }),
    );
    registry.register(capability({ id: 'demo.free', policy: { access: 'anyone', meter: 'tool:demo.free' } }));
    const failing = (id: string, error: unknown) =>
      capability({
        id,
        policy: { access: 'account', meter: `tool:${id}` },
        run: async () => Promise.reject(error),
      });
    registry.register(failing('demo.upstream', new CapabilityError('CAP_UPSTREAM_FAILED', 'down')));
    registry.register(failing('demo.bad', new CapabilityError('CAP_INVALID_ARGS', 'refused by the system')));
    registry.register(failing('demo.crash', new Error('secret internals')));
    const charging = [
      'adapter-route',
      'mcp',
      'area-route',
      'lma',
      'lmai',
      'function-call',
      'automation',
    ] as const;
    for (const surface of [...charging, 'open-area-route', 'internal'] as const) {
      expect((await registry.invoke('demo.priced', {}, { user: member, surface })).ok).toBe(true);
    }
    expect(ledger.map((entry) => entry.kind)).toEqual(charging.map(() => 'charge'));
    // adapter() (the lmx surface) charges nothing and reaches nothing priced.
    expect(await registry.invoke('demo.priced', {}, { user: member, surface: 'lmx' })).toMatchObject({
      ok: false,
      error: { code: 'CAP_PRICED', details: { meter: 'tool:demo.priced', use: 'lma' } },
    });
    expect((await registry.invoke('demo.free', {}, { user: member, surface: 'lmx' })).ok).toBe(true);
    expect(ledger).toHaveLength(charging.length);
    const anonymous = await registry.invoke('demo.priced', {}, { user: null, surface: 'mcp' });
    expect(anonymous).toMatchObject({
      ok: false,
      error: { code: 'GATE_UNAUTHENTICATED', details: { meter: 'tool:demo.priced' } },
    });
    expect((await registry.invoke('demo.priced', {}, { user: null, surface: 'area-route' })).ok).toBe(false);
    expect((await registry.invoke('demo.priced', {}, { user: null, surface: 'open-area-route' })).ok).toBe(
      true,
    );
    expect((await registry.invoke('demo.free', {}, { user: null, surface: 'mcp' })).ok).toBe(true);
    ledger.length = 0;
    await registry.invoke('demo.upstream', {}, { user: member, surface: 'mcp' });
    await registry.invoke('demo.bad', {}, { user: member, surface: 'mcp' });
    const crash = await registry.invoke('demo.crash', {}, { user: member, surface: 'adapter-route' });
    expect(crash).toMatchObject({
      ok: false,
      error: { code: 'SERVER_INTERNAL', message: 'Internal error.' },
    });
    expect(JSON.stringify(crash)).not.toContain('secret');
    expect(ledger.map((entry) => [entry.kind, entry.resource])).toEqual([
      ['charge', 'tool:demo.upstream'],
      ['refund', 'tool:demo.upstream'],
      ['charge', 'tool:demo.bad'],
      ['charge', 'tool:demo.crash'],
      ['refund', 'tool:demo.crash'],
    ]);
  });

  it('ends a use at its deadline (CAP_TIMEOUT, refunded) or when the caller cancels (CAP_ABORTED)', async () => {
    const { registry, ledger } = createTestRegistry({ 'tool:demo.slow': 5 });
    const seen: AbortSignal[] = [];
    const never = new Promise<never>(() => undefined);
    registry.register(
      capability({
        id: 'demo.slow',
        timeoutMs: 5,
        policy: { access: 'account', meter: 'tool:demo.slow', concurrency: { perUser: 1 } },
        run: async (_args, context) => {
          seen.push(context.signal);
          return never;
        },
      }),
    );
    const timedOut = await registry.invoke('demo.slow', {}, { user: member, surface: 'mcp' });
    expect(timedOut).toMatchObject({ ok: false, error: { code: 'CAP_TIMEOUT' } });
    expect(seen[0]?.aborted).toBe(true);
    expect(ledger.map((entry) => entry.kind)).toEqual(['charge', 'refund']);
    // The run never ended, so its slot is still held: heavy work is not forgotten at the deadline.
    expect(await registry.concurrency.held('demo.slow', member.id)).toBe(1);

    const controller = new AbortController();
    const pending = registry.invoke(
      'demo.slow',
      {},
      { user: developer, surface: 'mcp', signal: controller.signal },
    );
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CAP_ABORTED' } });
    // A caller gone before the run starts pays nothing.
    ledger.length = 0;
    const gone = await registry.invoke(
      'demo.slow',
      {},
      { user: admin, surface: 'mcp', signal: AbortSignal.abort() },
    );
    expect(gone).toMatchObject({ ok: false, error: { code: 'CAP_ABORTED' } });
    expect(ledger).toEqual([]);
  });

  it('refunds a use the caller ended with a timeout of its own (a script window), not one it cancelled', async () => {
    const { registry, ledger } = createTestRegistry({ 'tool:demo.waits': 5 });
    registry.register(
      capability({
        id: 'demo.waits',
        policy: { access: 'account', meter: 'tool:demo.waits' },
        run: () => new Promise<never>(() => undefined),
      }),
    );
    const window = new AbortController();
    const cutOff = registry.invoke('demo.waits', {}, { user: member, surface: 'lma', signal: window.signal });
    window.abort(new CapabilityError('CAP_TIMEOUT', "The run's 30 s of tool calls ended during this call."));
    expect(await cutOff).toMatchObject({
      ok: false,
      error: { code: 'CAP_TIMEOUT', message: expect.stringContaining('30 s of tool calls') },
      charged: 0,
    });
    expect(ledger.map((entry) => entry.kind)).toEqual(['charge', 'refund']);

    ledger.length = 0;
    const leaving = new AbortController();
    const cancelled = registry.invoke(
      'demo.waits',
      {},
      { user: member, surface: 'lma', signal: leaving.signal },
    );
    leaving.abort(new Error('the client went away'));
    expect(await cancelled).toMatchObject({ ok: false, error: { code: 'CAP_ABORTED' }, charged: 5 });
    expect(ledger.map((entry) => entry.kind)).toEqual(['charge']);
  });

  it('hands run the caller, surface, a deadline and a trace sink', async () => {
    const { registry, clock } = createTestRegistry();
    const events: unknown[] = [];
    registry.register(
      capability({
        id: 'demo.context',
        timeoutMs: 1000,
        run: async (_args, context) => {
          context.trace({ type: 'progress', progress: 1 });
          return { user: context.user?.id, surface: context.surface, deadline: context.deadline };
        },
      }),
    );
    const outcome = await registry.invoke(
      'demo.context',
      {},
      {
        user: member,
        surface: 'lma',
        trace: (event) => events.push(event),
      },
    );
    expect(outcome).toMatchObject({
      ok: true,
      result: { user: 'member', surface: 'lma', deadline: clock.now() + 1000 },
    });
    expect(events).toEqual([{ type: 'progress', progress: 1 }]);
  });
});
