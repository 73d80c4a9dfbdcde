import { createManualClock, createMemoryMailer } from '@svc/gate/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { buildServer } from '../app/build-server.js';
import { loadConfig } from '../config/server-config.js';
import type { Database } from '../db/create-database.js';
import { requireMembership } from '../plugins/guards.js';
import { FIXTURE_ENV } from './access-test-fixtures.js';
import type { TestDatabaseTarget } from './test-databases.js';

// Test support for the membership suites; never imported by production code.

export const WEBHOOK_SECRET = 'whsec_test_membership_secret';
export const PRICES = { STARTER: 'price_starter', PRO: 'price_pro', UNLIMITED: 'price_unlimited' } as const;

/** The `PAY_*` variables of a server talking to the fake at `apiBase`. */
export function paymentsEnv(apiBase: string): Record<string, string> {
  return {
    PAY_SECRET_KEY: 'sk_test_fake_key',
    PAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PAY_PRICE_STARTER: PRICES.STARTER,
    PAY_PRICE_PRO: PRICES.PRO,
    PAY_PRICE_UNLIMITED: PRICES.UNLIMITED,
    PAY_TOKEN_PACKS: 'small=1000:price_pack_small,large=20000:price_pack_large',
    PAY_API_BASE: apiBase,
  };
}

/** A server with a seed admin and a probe route `GET /test/intelligence` behind `requireMembership`. */
export async function createMembershipServer(
  target: TestDatabaseTarget,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', SVC_PASSWORD_COST: '12', ...FIXTURE_ENV, ...env });
  const database = await target.open();
  const app = await buildServer({
    config,
    database,
    mailer: createMemoryMailer(),
    clock: createManualClock(Date.now()),
  });
  app.get('/test/intelligence', { preHandler: requireMembership('intelligence') }, async () => ({
    ok: true,
  }));
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

const signer = new Stripe('sk_test_signer_only');
let eventCount = 0;

/** A Stripe event envelope around `object`, as the API sends it. */
export function makeEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${++eventCount}`,
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** A `Stripe-Signature` header over `payload`, as Stripe computes it. */
export function signPayload(payload: string, secret = WEBHOOK_SECRET, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** Delivers `payload` to the webhook, signed like Stripe does (or not, with `signature: null`). */
export async function deliver(
  app: FastifyInstance,
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const signature =
    options.signature === undefined
      ? signPayload(payload, options.secret, options.timestamp)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/membership/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
