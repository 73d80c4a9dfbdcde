import type { MeterCharge } from '@svc/gate';
import { GateError } from '@svc/gate';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/** The charges each metered request paid, until its response is sent. */
const chargesByRequest = new WeakMap<FastifyRequest, MeterCharge[]>();

/** A resource id, or how to derive it from the request (for example from its params). */
export type MeteredResource = string | ((request: FastifyRequest) => string);

async function refundAll(request: FastifyRequest, charges: readonly MeterCharge[]): Promise<void> {
  for (const charge of charges) {
    try {
      await request.server.gate.meter.refund(charge);
    } catch (error) {
      // The answer must still go out; the log line carries what to refund by hand.
      request.log.error({ err: error, charge }, 'meter refund failed');
    }
  }
}

/**
 * Charges the signed-in caller for one use of `resource` and remembers the charge, so
 * {@link installMeterRefunds} gives it back if the response turns out to be a server failure.
 * Throws 402 `GATE_INSUFFICIENT_BALANCE` (with the shortfall) when short, and whatever storage
 * error the meter hits: the operation never runs unpriced.
 *
 * @example
 * await chargeRequest(request, 'export:pdf');
 */
export async function chargeRequest(request: FastifyRequest, resource: string): Promise<MeterCharge> {
  if (request.user === null) throw new GateError('GATE_UNAUTHENTICATED', 'Sign in or send an API key.');
  const charge = await request.server.gate.meter.charge({ user: request.user, resource });
  if (charge.charged > 0) chargesByRequest.set(request, [...(chargesByRequest.get(request) ?? []), charge]);
  return charge;
}

/**
 * A `preHandler` that prices a route by the `meter_rules` rules of `resources` (one or several,
 * each charged once, in order): charged before the handler, 402 when the balance is short for
 * any of them (the handler never runs, and the ones already charged are given back), refunded
 * when the response is a 5xx. Put it after the auth guards, as the last preHandler, so a refusal
 * costs nothing.
 *
 * @example
 * app.post('/export', { preValidation: requireAuth, preHandler: meterGuard('export:pdf'), schema }, handler);
 * app.post('/run/:tool', { preHandler: meterGuard((request) => `tool:${(request.params as { tool: string }).tool}`) }, handler);
 * app.post('/run', { preHandler: meterGuard(['feature:dreamer.run', 'tool:dreamer.dream']) }, handler);
 */
export function meterGuard(
  resources: MeteredResource | readonly MeteredResource[],
): preHandlerAsyncHookHandler {
  const list = typeof resources === 'string' || typeof resources === 'function' ? [resources] : resources;
  return async function meterGuardHook(this: unknown, request: FastifyRequest) {
    const paid: MeterCharge[] = [];
    try {
      for (const resource of list) {
        const charge = await chargeRequest(
          request,
          typeof resource === 'string' ? resource : resource(request),
        );
        if (charge.charged > 0) paid.push(charge);
      }
    } catch (error) {
      const kept = chargesByRequest.get(request) ?? [];
      chargesByRequest.set(
        request,
        kept.filter((charge) => !paid.includes(charge)),
      );
      await refundAll(request, paid);
      throw error;
    }
  };
}

/**
 * Gives a metered request's charges back now, once (a later 5xx response then refunds nothing).
 * For responses whose status cannot say the operation failed: a stream that already answered 200.
 * A failing refund is logged with the charge, never thrown.
 *
 * @example
 * if (failedOnOurSide) await refundRequestCharge(request);
 */
export async function refundRequestCharge(request: FastifyRequest): Promise<void> {
  const charges = chargesByRequest.get(request);
  if (charges === undefined) return;
  chargesByRequest.delete(request);
  await refundAll(request, charges);
}

/**
 * Refunds a metered request's charges, with compensating ledger entries, when its response is a
 * server failure (status ≥ 500: the operation threw or its upstream failed). Client errors (4xx)
 * keep the charge: they come after the caller was admitted, and the work may have run. Runs in
 * `onSend`, so the refund is in the ledger before the client sees the failure. Call it on the
 * root instance before the routes are registered.
 *
 * @example
 * installMeterRefunds(app);
 */
export function installMeterRefunds(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const charges = chargesByRequest.get(request);
    if (charges === undefined) return payload;
    chargesByRequest.delete(request);
    if (reply.statusCode >= 500) await refundAll(request, charges);
    return payload;
  });
}
