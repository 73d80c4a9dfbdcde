import { describe, expect, it } from 'vitest';
import { runEventCascade } from './event-cascade.js';
import { isEventName, isEventPattern, matchesEventPattern } from './event-pattern.js';

describe('lmz event patterns', () => {
  it('matches whole words and * for exactly one word', () => {
    expect(matchesEventPattern('order.paid', 'order.paid')).toBe(true);
    expect(matchesEventPattern('order.*', 'order.paid')).toBe(true);
    expect(matchesEventPattern('order.*', 'order.paid.late')).toBe(false);
    expect(matchesEventPattern('*.paid', 'invoice.paid')).toBe(true);
    expect(matchesEventPattern('order.paid', 'order.paidx')).toBe(false);
    expect(isEventName('vip.notice')).toBe(true);
    expect(isEventName('vip..notice')).toBe(false);
    expect(isEventPattern('vip.*')).toBe(true);
    expect(isEventName('vip.*')).toBe(false);
  });
});

describe('lmz event cascade', () => {
  it('fires matching rules in source order, breadth-first, with what they emitted', () => {
    const log: string[] = [];
    const outcome = runEventCascade<{ amount: number }>({
      initial: [
        { name: 'order.paid', payload: { amount: 150 } },
        { name: 'order.paid', payload: { amount: 20 } },
      ],
      rules: [{ pattern: 'order.paid' }, { pattern: 'vip.notice' }, { pattern: 'order.*' }],
      handlers: {
        accepts: (rule, event) => rule !== 0 || event.payload.amount > 100,
        fire: (rule, event, emit) => {
          log.push(`${rule}:${event.name}:${event.payload.amount}@${event.depth}`);
          if (rule === 0) emit('vip.notice', event.payload);
        },
      },
    });
    expect(log).toEqual([
      '0:order.paid:150@0',
      '2:order.paid:150@0',
      '2:order.paid:20@0',
      '1:vip.notice:150@1',
    ]);
    expect(outcome).toMatchObject({ ok: true, events: 3 });
    expect(outcome.firings.map((firing) => firing.rule)).toEqual([0, 2, 2, 1]);
  });

  it('ends an emit loop with E_LIMIT_DEPTH instead of hanging', () => {
    const outcome = runEventCascade<null>({
      initial: [{ name: 'ping', payload: null }],
      rules: [{ pattern: 'ping' }],
      handlers: { accepts: () => true, fire: (_rule, _event, emit) => emit('ping', null) },
    });
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.code).toBe('E_LIMIT_DEPTH');
    expect(!outcome.ok && outcome.message).toMatch(/64 chained emits \(emitting ping\)/);
    expect(outcome.events).toBe(65);
  });

  it('ends a fan-out with E_LIMIT_STEPS at the first event past the bound', () => {
    let emitted = 0;
    const outcome = runEventCascade<null>({
      initial: [{ name: 'burst', payload: null }],
      rules: [{ pattern: 'burst' }],
      handlers: {
        accepts: () => true,
        fire: (_rule, _event, emit) => {
          for (let index = 0; index < 1_000_000; index += 1) {
            emitted += 1;
            emit('spark', null);
          }
        },
      },
      limits: { maxEvents: 50 },
    });
    expect(!outcome.ok && outcome.code).toBe('E_LIMIT_STEPS');
    expect(emitted).toBe(50);
  });

  it('lets the language fault through untouched', () => {
    const fault = new Error('E_RUNTIME from the WHERE');
    expect(() =>
      runEventCascade({
        initial: [{ name: 'a', payload: 1 }],
        rules: [{ pattern: 'a' }],
        handlers: {
          accepts: () => {
            throw fault;
          },
          fire: () => {},
        },
      }),
    ).toThrow(fault);
  });
});
