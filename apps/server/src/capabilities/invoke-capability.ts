import { GateError, type MeterCharge, type RequestUser } from '@svc/gate';
import type { FastifyBaseLogger } from 'fastify';
import { CapabilityError } from '../errors/capability-error.js';
import { isServerSideFailure } from '../errors/capability-error-payload.js';
import { INTERNAL_ERROR_PAYLOAD, toErrorPayload } from '../errors/error-payload.js';
import type { ArgsValidator } from './args-validator.js';
import type { CapabilityMeter } from './capability-meter.js';
import { assertPolicy, type PolicyEnvironment } from './capability-policy.js';
import { SURFACE_METERING } from './capability-surfaces.js';
import type {
  Capability,
  CapabilityErrorPayload,
  CapabilitySurface,
  CapabilityTraceEvent,
} from './capability-types.js';
import type { ConcurrencyLimiter, ConcurrencySlot } from './concurrency-limiter.js';
import { findNearMisses } from './near-miss.js';
import type { RateLimiter, RateVerdict } from './rate-limiter.js';

/** Who calls, through which surface. */
export interface InvokeOptions {
  user: RequestUser | null;
  surface: CapabilitySurface;
  /** Aborts the use (client gone, MCP cancel). */
  signal?: AbortSignal;
  /** The client's address: the rate-limit key of `per: 'client'` (and of anonymous `per: 'user'`). */
  client?: string;
  /** The request's logger. */
  log?: FastifyBaseLogger;
  trace?: (event: CapabilityTraceEvent) => void;
}

/**
 * The answer of a call: the result, or the one error payload. `charged` is what the meter kept
 * for this use (0 when the surface does not charge, the target is free, or it was refunded).
 */
export type InvokeOutcome<Result = unknown> =
  | { ok: true; result: Result; capability: Capability; charged?: number }
  | { ok: false; error: CapabilityErrorPayload; capability?: Capability; charged?: number };

/** What invoke needs from the registry. */
export interface InvokeDependencies {
  policy: PolicyEnvironment;
  meter: CapabilityMeter;
  log: FastifyBaseLogger;
  now: () => number;
  concurrency: ConcurrencyLimiter;
  rateLimiter: RateLimiter;
  lookup(id: string): { capability: Capability; validate: ArgsValidator } | undefined;
  ids(): string[];
  /** Capabilities resolved per caller (capability sources), consulted when `lookup` misses. */
  resolve?(
    id: string,
    user: RequestUser | null,
  ): Promise<{ capability: Capability; validate: ArgsValidator } | undefined>;
}

/** A use's deadline when the capability sets none. */
export const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The one way any surface runs a capability, in this order: lookup (`CAP_NOT_FOUND` with near
 * misses) → policy (the gate's 401/403) → arguments (`CAP_INVALID_ARGS`) → rate limit
 * (`SERVER_RATE_LIMITED`) and per-user concurrency (`CAP_TOO_MANY_CONCURRENT`) → the meter
 * as the surface meets it (`SURFACE_METERING`: charged, free, or refused when priced on a
 * free-only surface, `CAP_PRICED`) → `run` under the signal and deadline → a refund when `run`
 * failed on the server's side. Every failure comes back as data: `{ ok: false, error }`.
 *
 * @example
 * const outcome = await invokeCapability(deps, 'spec.validate', { spec }, { user, surface: 'mcp' });
 */
export async function invokeCapability<Result>(
  deps: InvokeDependencies,
  id: string,
  args: unknown,
  options: InvokeOptions,
): Promise<InvokeOutcome<Result>> {
  const log = options.log ?? deps.log;
  let entry = deps.lookup(id);
  if (entry === undefined && deps.resolve) {
    try {
      entry = await deps.resolve(id, options.user);
    } catch (error) {
      const payload = toErrorPayload(error);
      if (payload === undefined) log.error({ err: error, capability: id }, 'capability source failed');
      return { ok: false, error: payload ?? INTERNAL_ERROR_PAYLOAD };
    }
  }
  if (entry === undefined) {
    const suggestions = findNearMisses(id, deps.ids());
    return {
      ok: false,
      error: {
        code: 'CAP_NOT_FOUND',
        message: `No capability ${id}.${suggestions.length > 0 ? ` Did you mean ${suggestions.join(', ')}?` : ''}`,
        details: { suggestions },
      },
    };
  }
  const { capability, validate } = entry;
  let slot: ConcurrencySlot | undefined;
  let charge: MeterCharge | undefined;
  try {
    assertPolicy(capability, options.user, deps.policy);
    // A registered capability's validator answers at once: no await, so nothing else runs before
    // the charge. A user-supplied schema's answers from the schema thread.
    const validated = validate(args);
    const checked = validated instanceof Promise ? await validated : validated;
    // The in-memory limiters answer at once, the shared (Redis) ones a promise: awaited only
    // then, so within one process nothing else runs between the checks and the charge.
    const rated = assertRate(deps, capability, options);
    if (rated instanceof Promise) await rated;
    const limit = capability.policy.concurrency?.perUser;
    if (limit !== undefined) {
      // Anonymous callers of an `anyone` capability share a limit per client address.
      const holder = options.user?.id ?? `client:${options.client ?? 'unknown'}`;
      const acquired = deps.concurrency.acquire(capability.id, holder, limit);
      slot = acquired instanceof Promise ? await acquired : acquired;
    }
    // A caller already gone is not charged for work that will never start.
    if (options.signal?.aborted) {
      throw new CapabilityError('CAP_ABORTED', `${capability.id} was cancelled by the caller.`);
    }
    charge = await chargeFor(deps.meter, capability, options);
    const running = runUnderDeadline(deps, capability, checked, options, log);
    // The slot is held until the work really ends, even past a timeout answer.
    const held = slot;
    slot = undefined;
    void running.settled.finally(() => held?.release());
    const result = (await running.answer) as Result;
    return { ok: true, result, capability, charged: charge?.charged ?? 0 };
  } catch (error) {
    slot?.release();
    const payload = toErrorPayload(error);
    if (payload === undefined) log.error({ err: error, capability: capability.id }, 'capability failed');
    let kept = charge?.charged ?? 0;
    if (charge !== undefined && charge.charged > 0 && isServerSideFailure(payload)) {
      await deps.meter.refund(charge).then(
        () => {
          kept = 0;
        },
        (refundError: unknown) => {
          log.error({ err: refundError, charge }, 'meter refund failed');
        },
      );
    }
    return { ok: false, error: payload ?? INTERNAL_ERROR_PAYLOAD, capability, charged: kept };
  }
}

function assertRate(
  deps: InvokeDependencies,
  capability: Capability,
  options: InvokeOptions,
): void | Promise<void> {
  const limit = capability.policy.rateLimit;
  if (limit === undefined) return;
  const key =
    limit.per === 'user'
      ? (options.user?.id ?? `client:${options.client ?? 'unknown'}`)
      : `client:${options.client ?? options.user?.id ?? 'unknown'}`;
  const verdict = deps.rateLimiter.hit(`${capability.id}|${key}`, limit);
  if (verdict instanceof Promise) return verdict.then((answered) => refuseOver(capability, limit, answered));
  refuseOver(capability, limit, verdict);
}

function refuseOver(
  capability: Capability,
  limit: { max: number; windowMs: number },
  verdict: RateVerdict,
): void {
  if (verdict.allowed) return;
  const seconds = Math.ceil(verdict.retryAfterMs / 1000);
  throw new CapabilityError(
    'SERVER_RATE_LIMITED',
    `Rate limit of ${capability.id} exceeded (${limit.max} per ${limit.windowMs / 1000} s), retry in ${seconds} seconds.`,
    { details: { max: limit.max, windowMs: limit.windowMs, retryAfterMs: verdict.retryAfterMs } },
  );
}

async function chargeFor(
  meter: CapabilityMeter,
  capability: Capability,
  options: InvokeOptions,
): Promise<MeterCharge | undefined> {
  const resource = capability.policy.meter;
  const metering = SURFACE_METERING[options.surface];
  if (resource === undefined || metering === 'free') return undefined;
  if (metering === 'free-only') {
    if (await meter.isPriced(resource)) {
      throw new CapabilityError(
        'CAP_PRICED',
        `${capability.id} is priced (${resource}) and adapter() is unmetered: use it from lma (USE ${capability.id} {…}), which charges its price.`,
        { details: { meter: resource, use: 'lma' } },
      );
    }
    return undefined;
  }
  if (options.user === null) {
    // Nobody to charge: a priced capability is refused to anonymous callers, never run free.
    if (await meter.isPriced(resource)) {
      throw new GateError('GATE_UNAUTHENTICATED', `${capability.id} is priced: sign in to use it.`, {
        details: { meter: resource },
      });
    }
    return undefined;
  }
  return meter.charge({ user: options.user, resource });
}

function runUnderDeadline(
  deps: InvokeDependencies,
  capability: Capability,
  args: Record<string, unknown>,
  options: InvokeOptions,
  log: FastifyBaseLogger,
): { answer: Promise<unknown>; settled: Promise<unknown> } {
  const timeoutMs = capability.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  // A caller's signal aborted with a timeout of its own (a script's call window) is a timeout;
  // any other abort is the caller going away.
  const forward = (): void => {
    const reason: unknown = options.signal?.reason;
    controller.abort(
      reason instanceof CapabilityError && reason.code === 'CAP_TIMEOUT'
        ? reason
        : new CapabilityError('CAP_ABORTED', `${capability.id} was cancelled by the caller.`),
    );
  };
  if (options.signal?.aborted) forward();
  options.signal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(
    () =>
      controller.abort(
        new CapabilityError('CAP_TIMEOUT', `${capability.id} took longer than ${timeoutMs} ms.`),
      ),
    timeoutMs,
  );
  timer.unref?.();
  const work = controller.signal.aborted
    ? Promise.reject(controller.signal.reason)
    : capability.run(args, {
        user: options.user,
        surface: options.surface,
        signal: controller.signal,
        deadline: deps.now() + timeoutMs,
        log,
        trace: options.trace ?? (() => undefined),
      });
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  const aborted = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  void settled.finally(() => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forward);
  });
  return { answer: Promise.race([work, aborted]), settled };
}
