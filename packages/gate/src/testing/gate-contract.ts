import { strict as assert } from 'node:assert';
import { Buffer } from 'node:buffer';
import type { Kysely } from 'kysely';
import { createGate, type Gate } from '../create-gate.js';
import type { GateDatabase } from '../db/schema.js';
import { isGateError } from '../errors.js';
import { createDefaultCatalogue } from '../membership/plan-catalogue.js';
import type { DeletedDocument, WrittenDocument } from '../ports/data-events.js';
import type { SessionTokens } from '../ports/session-tokens.js';
import type { RequestUser } from '../types.js';
import { createManualClock, type ManualClock } from './manual-clock.js';
import { createMemoryMailer, type MemoryMailer } from './memory-mailer.js';
import { createMemoryPayments, type MemoryPayments } from './memory-payments.js';
import { SESSION_CONTRACT, type SessionContractContext } from './session-contract.js';

/** What each contract case runs against: a gate over the adapter's database, with its fakes. */
export interface GateContractContext {
  gate: Gate;
  /** The same database, without a payment processor. */
  gateWithoutPayments: Gate;
  clock: ManualClock;
  mailer: MemoryMailer;
  payments: MemoryPayments;
  /** Documents the data service announced as deleted. */
  deleted: DeletedDocument[];
  /** Documents the data service announced as written (created, patched, cloned). */
  written: WrittenDocument[];
  /** The secret the gate's session tokens are signed with. */
  jwtSecret: string;
}

/** Options of {@link createGateContractContext}. */
export interface GateContractOptions {
  /**
   * The session tokens under test and the secret they sign with; by default the gate's own
   * (`createHmacSessionTokens`) with a contract secret.
   */
  sessionTokens?: { tokens: SessionTokens; secret: string };
}

/** The collection whose document count the contract's gate limits, and the limit. */
export const CONTRACT_LIMITED_COLLECTION = { collection: 'capped', maxDocuments: 2 } as const;

/** One behaviour every database adapter of the gate must show. */
export interface GateContractCase {
  name: string;
  run(context: GateContractContext): Promise<void>;
}

const PASSWORD = 'violet anchor drifts past seven lighthouses';
let accounts = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++accounts}@example.com`;

/**
 * Builds the context of a contract run over a migrated database (the gate's migrations applied):
 * a manual clock, a memory mailer, memory payments with priced plans, a long identity cache
 * (so a missed invalidation shows), a low password cost, and the session tokens of `options`.
 *
 * @example
 * const context = createGateContractContext(db);
 * for (const contractCase of GATE_CONTRACT) await contractCase.run(context);
 */
export function createGateContractContext(
  db: Kysely<GateDatabase>,
  options: GateContractOptions = {},
): GateContractContext {
  const clock = createManualClock(Date.now());
  const mailer = createMemoryMailer();
  const payments = createMemoryPayments();
  const deleted: DeletedDocument[] = [];
  const written: WrittenDocument[] = [];
  const catalogue = createDefaultCatalogue();
  for (const plan of catalogue.plans) plan.priceId = `price_${plan.id}`;
  const jwtSecret = options.sessionTokens?.secret ?? 'contract-secret-'.repeat(4);
  const gateOptions = {
    db,
    mailer,
    clock,
    plans: catalogue,
    config: {
      jwtSecret,
      apiKeyPepper: 'contract-pepper',
      passwordCost: 10,
      identityCacheMs: 60_000,
      maxDocumentsPerOwner: {
        [CONTRACT_LIMITED_COLLECTION.collection]: CONTRACT_LIMITED_COLLECTION.maxDocuments,
      },
    },
    dataEvents: {
      documentDeleted: async (document: DeletedDocument) => void deleted.push(document),
      documentWritten: async (document: WrittenDocument) => void written.push(document),
    },
    ...(options.sessionTokens ? { sessionTokens: options.sessionTokens.tokens } : {}),
  };
  return {
    gate: createGate({ ...gateOptions, payments }),
    gateWithoutPayments: createGate(gateOptions),
    clock,
    mailer,
    payments,
    deleted,
    written,
    jwtSecret,
  };
}

/** Signs up and verifies through the mailed link, logs in, and resolves the session. */
async function signIn(
  context: GateContractContext,
  label: string,
): Promise<{ user: RequestUser; token: string }> {
  const { gate, mailer } = context;
  const email = newEmail(label);
  await gate.auth.signup({ email, password: PASSWORD });
  const link = mailer.last(email, 'verify-email')?.link;
  assert.ok(link, 'the verification link is mailed');
  await gate.auth.verify({ token: new URL(link).searchParams.get('token') ?? '' });
  const result = await gate.auth.login({ email, password: PASSWORD });
  assert.ok('session' in result, 'an account without a second factor gets a session');
  const { session } = result;
  const user = await gate.identify({ sessionToken: session.token });
  assert.ok(user, 'a fresh session resolves');
  return { user, token: session.token };
}

/** The session cases' view of a gate in process: sign in, identify by the cookie's token, log out. */
function toSessionContext(context: GateContractContext): SessionContractContext {
  return {
    secret: context.jwtSecret,
    clock: context.clock,
    async signIn(label) {
      const { user, token } = await signIn(context, label);
      return { token, userId: user.id };
    },
    identify: async (token) => (await context.gate.identify({ sessionToken: token }))?.id ?? null,
    logout: (token) => context.gate.auth.logout({ sessionToken: token }),
  };
}

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => isGateError(error) && error.code === code);
}

/**
 * The gate's contract: the behaviours of its services (auth, sessions, keys, data, wallet,
 * membership) that every database adapter must show, the sessions with whichever session tokens
 * the context holds (`SESSION_CONTRACT`). The cases are plain async functions using
 * `node:assert`, so any test runner can run them; the gate runs them on SQLite, the server on
 * PostgreSQL (and SQLite) with its `@fastify/jwt` session tokens.
 *
 * @example
 * for (const contractCase of GATE_CONTRACT) it(contractCase.name, () => contractCase.run(context));
 */
export const GATE_CONTRACT: readonly GateContractCase[] = [
  {
    name: 'auth: a verified account logs in, and logging out ends the session at once',
    async run(context) {
      const { user, token } = await signIn(context, 'auth');
      assert.equal(user.emailVerified, true);
      assert.equal(user.via, 'session');
      await context.gate.auth.logout({ sessionToken: token });
      assert.equal(await context.gate.identify({ sessionToken: token }), null);
    },
  },
  {
    name: 'auth: a role change is seen by the next request despite the identity cache',
    async run(context) {
      const { user, token } = await signIn(context, 'roles');
      assert.equal(user.isDeveloper, false);
      await context.gate.auth.setRoles({ userId: user.id, roles: ['member', 'developer'] });
      assert.equal((await context.gate.identify({ sessionToken: token }))?.isDeveloper, true);
    },
  },
  {
    name: 'keys: a developer key authenticates until it is removed, and only its owner removes it',
    async run(context) {
      const { gate } = context;
      const first = await signIn(context, 'keys');
      await gate.auth.setRoles({ userId: first.user.id, roles: ['developer'] });
      const developer = await gate.identify({ sessionToken: first.token });
      const other = (await signIn(context, 'other')).user;
      const { key, apiKey } = await gate.keys.create({ user: developer, name: 'contract' });
      assert.equal((await gate.identify({ apiKey: key }))?.id, first.user.id);
      await rejectsWith(gate.keys.remove({ user: other, id: apiKey.id }), 'GATE_NOT_FOUND');
      await gate.keys.remove({ user: developer, id: apiKey.id });
      assert.equal(await gate.identify({ apiKey: key }), null);
    },
  },
  {
    name: 'accounts: disabling stops sessions and keys at once and refuses sign-in; re-enabling brings keys back',
    async run(context) {
      const { gate } = context;
      const signedIn = await signIn(context, 'disabled');
      await gate.auth.setRoles({ userId: signedIn.user.id, roles: ['developer'] });
      const developer = await gate.identify({ sessionToken: signedIn.token });
      const { key } = await gate.keys.create({ user: developer, name: 'contract' });
      assert.equal((await gate.identify({ apiKey: key }))?.id, signedIn.user.id, 'cached before');
      const admin = (await signIn(context, 'disabler')).user;
      const summary = await gate.accounts.setDisabled({
        userId: signedIn.user.id,
        disabled: true,
        by: admin.id,
      });
      assert.equal(summary.disabledAt, context.clock.now());
      assert.equal(await gate.identify({ sessionToken: signedIn.token }), null);
      assert.equal(await gate.identify({ apiKey: key }), null);
      assert.deepEqual(await gate.accounts.listSessions(signedIn.user.id), []);
      await rejectsWith(
        gate.auth.login({ email: signedIn.user.email, password: PASSWORD }),
        'GATE_ACCOUNT_DISABLED',
      );
      await gate.accounts.setDisabled({ userId: signedIn.user.id, disabled: false, by: admin.id });
      assert.equal((await gate.identify({ apiKey: key }))?.id, signedIn.user.id, 'the key works again');
      assert.equal(await gate.identify({ sessionToken: signedIn.token }), null, 'sessions stay revoked');
      await rejectsWith(
        gate.accounts.setDisabled({ userId: admin.id, disabled: true, by: admin.id }),
        'GATE_FORBIDDEN',
      );
    },
  },
  {
    name: 'accounts: the search is a case-insensitive substring where % and _ match themselves',
    async run(context) {
      const { gate } = context;
      const marker = `q${Date.now().toString(36)}`;
      for (const local of [`${marker}_a`, `${marker}xa`, `${marker}%b`])
        await gate.auth.signup({ email: `${local}@example.com`, password: PASSWORD });
      const all = await gate.accounts.list({ search: marker.toUpperCase() });
      assert.equal(all.total, 3);
      assert.deepEqual(
        (await gate.accounts.list({ search: `${marker}_` })).users.map((user) => user.email),
        [`${marker}_a@example.com`],
      );
      assert.equal((await gate.accounts.list({ search: `${marker}%` })).total, 1);
      const second = await gate.accounts.list({ search: marker, offset: 1, limit: 1 });
      assert.deepEqual(
        [second.total, second.users.length, second.users[0]?.email],
        [3, 1, `${marker}_a@example.com`],
      );
      await rejectsWith(gate.accounts.list({ limit: 101 }), 'GATE_INVALID_INPUT');
    },
  },
  {
    name: 'accounts: an admin revokes one session or one key of a user at once',
    async run(context) {
      const { gate } = context;
      const first = await signIn(context, 'revoked');
      await gate.auth.setRoles({ userId: first.user.id, roles: ['developer'] });
      const developer = await gate.identify({ sessionToken: first.token });
      const { key, apiKey } = await gate.keys.create({ user: developer, name: 'contract' });
      assert.deepEqual(
        (await gate.accounts.listKeys(first.user.id)).map((listed) => listed.id),
        [apiKey.id],
      );
      await gate.accounts.revokeKey({ userId: first.user.id, keyId: apiKey.id });
      assert.equal(await gate.identify({ apiKey: key }), null);
      const [session] = await gate.accounts.listSessions(first.user.id);
      assert.ok(session);
      await gate.accounts.revokeSession({ userId: first.user.id, sessionId: session.id });
      assert.equal(await gate.identify({ sessionToken: first.token }), null);
      await rejectsWith(
        gate.accounts.revokeSession({ userId: first.user.id, sessionId: session.id }),
        'GATE_NOT_FOUND',
      );
    },
  },
  {
    name: "data: a private document is its owner's alone, and its deletion is announced",
    async run(context) {
      const { gate } = context;
      const owner = (await signIn(context, 'owner')).user;
      const stranger = (await signIn(context, 'stranger')).user;
      const note = await gate.data.create({ user: owner, collection: 'notes', data: { title: 'Hi' } });
      assert.equal(note.owner, owner.id);
      assert.equal((await gate.data.get({ user: owner, collection: 'notes', id: note.id })).title, 'Hi');
      await rejectsWith(
        gate.data.get({ user: stranger, collection: 'notes', id: note.id }),
        'GATE_NOT_FOUND',
      );
      await rejectsWith(gate.data.get({ user: null, collection: 'notes', id: note.id }), 'GATE_NOT_FOUND');
      await gate.data.remove({ user: owner, collection: 'notes', id: note.id });
      assert.deepEqual(context.deleted.at(-1), { collection: 'notes', id: note.id, owner: owner.id });
    },
  },
  {
    name: 'data: every write is announced as stored, and a per-owner document limit holds',
    async run(context) {
      const { gate } = context;
      const owner = (await signIn(context, 'writer')).user;
      const { collection, maxDocuments } = CONTRACT_LIMITED_COLLECTION;
      const first = await gate.data.create({ user: owner, collection, data: { n: 1 } });
      assert.deepEqual(context.written.at(-1), {
        collection,
        id: first.id,
        owner: owner.id,
        body: '{"n":1}',
        updatedAt: first.updatedAt,
      });
      context.clock.advance(1000);
      const patched = await gate.data.patch({ user: owner, collection, id: first.id, data: { m: 2 } });
      assert.equal(context.written.at(-1)?.body, '{"n":1,"m":2}');
      assert.equal(context.written.at(-1)?.updatedAt, patched.updatedAt);
      const copy = await gate.data.clone({ user: owner, collection, id: first.id });
      assert.equal(context.written.at(-1)?.id, copy.id);
      assert.equal(maxDocuments, 2);
      await rejectsWith(gate.data.create({ user: owner, collection, data: { n: 3 } }), 'GATE_QUOTA_EXCEEDED');
      await rejectsWith(gate.data.clone({ user: owner, collection, id: first.id }), 'GATE_QUOTA_EXCEEDED');
      // Other collections are not limited by count.
      await gate.data.create({ user: owner, collection: 'notes', data: { n: 3 } });
      const usage = await gate.data.readUsage({ owner: owner.id, collection });
      assert.equal(usage.documents, 2);
      assert.equal(usage.usedBytes, 2 * (Buffer.byteLength('{"n":1,"m":2}') + 256));
      await gate.data.remove({ user: owner, collection, id: copy.id });
      await gate.data.create({ user: owner, collection, data: { n: 4 } });
    },
  },
  {
    name: "data: readableCollections names the non-empty collections a caller may list, no one else's private ones",
    async run(context) {
      const { gate } = context;
      const owner = (await signIn(context, 'collections')).user;
      const stranger = (await signIn(context, 'peeker')).user;
      const tag = `${Date.now().toString(36)}${++accounts}`;
      const [mine, shared, secret] = [`rc_${tag}_mine`, `rc_${tag}_shared`, `rc_${tag}_secret`];
      await gate.data.create({ user: owner, collection: mine, data: { n: 1 } });
      await gate.data.create({ user: stranger, collection: shared, data: { n: 2, visibility: 'public' } });
      await gate.data.create({ user: stranger, collection: secret, data: { n: 3 } });
      const emptied = await gate.data.create({ user: owner, collection: `rc_${tag}_gone`, data: { n: 4 } });
      await gate.data.remove({ user: owner, collection: `rc_${tag}_gone`, id: emptied.id });
      const ours = (names: string[]) => names.filter((name) => name.startsWith(`rc_${tag}_`));

      assert.deepEqual(ours(await gate.data.readableCollections({ user: owner })), [mine, shared]);
      assert.deepEqual(ours(await gate.data.readableCollections({ user: stranger })), [secret, shared]);
      assert.deepEqual(ours(await gate.data.readableCollections({ user: null })), [shared]);
      const admin = { ...owner, isAdmin: true };
      assert.deepEqual(ours(await gate.data.readableCollections({ user: admin })), [mine, secret, shared]);
      const all = await gate.data.readableCollections({ user: admin });
      assert.deepEqual(all, [...all].sort());
      // An admin-only collection is named to admins alone, even when its documents are public.
      await gate.data.create({ user: admin, collection: 'meter_rules', data: { visibility: 'public' } });
      assert.ok((await gate.data.readableCollections({ user: admin })).includes('meter_rules'));
      assert.ok(!(await gate.data.readableCollections({ user: stranger })).includes('meter_rules'));
      assert.ok(!(await gate.data.readableCollections({ user: null })).includes('meter_rules'));
      assert.equal((await gate.data.readableCollections({ user: admin, limit: 1 })).length, 1);
      await rejectsWith(gate.data.readableCollections({ user: owner, limit: 201 }), 'GATE_INVALID_INPUT');
      await rejectsWith(gate.data.readableCollections({ user: owner, limit: 0 }), 'GATE_INVALID_INPUT');
    },
  },
  {
    name: 'wallet: spends are idempotent by key and never overdraw',
    async run(context) {
      const { gate } = context;
      const { user } = await signIn(context, 'wallet');
      await gate.wallet.grant({ userId: user.id, amount: 100, reason: 'contract', by: user.id });
      const spend = { userId: user.id, amount: 30, reason: 'export', idempotencyKey: 'k1' };
      await gate.wallet.spend(spend);
      await gate.wallet.spend(spend);
      assert.deepEqual(await gate.wallet.balance({ userId: user.id }), { balance: 70 });
      await rejectsWith(
        gate.wallet.spend({ ...spend, amount: 71, idempotencyKey: 'k2' }),
        'GATE_INSUFFICIENT_BALANCE',
      );
      assert.deepEqual(await gate.wallet.balance({ userId: user.id }), { balance: 70 });
    },
  },
  {
    name: 'membership: a grant reaches the next request, and purchases need a processor',
    async run(context) {
      const { gate, gateWithoutPayments } = context;
      const { user, token } = await signIn(context, 'grant');
      await gate.membership.grant({ userId: user.id, plan: 'PRO' });
      const member = await gate.identify({ sessionToken: token });
      assert.deepEqual(member?.membership.features, ['print-without-watermark', 'intelligence']);
      assert.equal(gateWithoutPayments.membership.purchasable, false);
      const urls = { successUrl: 'https://app.example/ok', cancelUrl: 'https://app.example/no' };
      await rejectsWith(
        gateWithoutPayments.membership.checkout({ buyer: user, plan: 'PRO', ...urls }),
        'GATE_NOT_CONFIGURED',
      );
    },
  },
  {
    name: 'membership: checkout, webhook, portal and cancel follow the processor',
    async run(context) {
      const { gate, payments } = context;
      const { user, token } = await signIn(context, 'buyer');
      const urls = { successUrl: 'https://app.example/ok', cancelUrl: 'https://app.example/no' };
      await rejectsWith(
        gate.membership.checkout({ buyer: user, plan: 'GOLD', ...urls }),
        'GATE_INVALID_INPUT',
      );
      await rejectsWith(
        gate.membership.checkout({ buyer: user, pack: 'small', ...urls }),
        'GATE_NOT_CONFIGURED',
      );
      await rejectsWith(
        gate.membership.openPortal({ userId: user.id, returnUrl: urls.successUrl }),
        'GATE_NOT_FOUND',
      );
      await rejectsWith(gate.membership.cancel({ userId: user.id }), 'GATE_NOT_FOUND');
      const { url } = await gate.membership.checkout({ buyer: user, plan: 'PRO', ...urls });
      assert.match(url, /^https:\/\/pay\.example\/checkout\//);
      assert.deepEqual(payments.checkouts.at(-1)?.priceId, 'price_PRO');
      const subscriptionId = `sub_${user.id}`;
      payments.setSubscription({
        subscriptionId,
        customerId: `cus_${user.id}`,
        status: 'active',
        priceId: 'price_PRO',
        currentPeriodEnd: context.clock.now() + 30 * 86_400_000,
        cancelAtPeriodEnd: false,
        userId: user.id,
      });
      const event = {
        id: `evt_${user.id}`,
        type: 'customer.subscription.created',
        subscriptionId,
        customerId: `cus_${user.id}`,
        packPurchase: null,
      };
      const rawBody = payments.queueEvent(event);
      await rejectsWith(
        gate.membership.receiveWebhook({ rawBody, signature: 'forged' }),
        'GATE_INVALID_INPUT',
      );
      assert.equal((await gate.membership.receiveWebhook({ rawBody, signature: 'valid' })).duplicate, false);
      assert.equal((await gate.membership.receiveWebhook({ rawBody, signature: 'valid' })).duplicate, true);
      assert.equal(
        (await gate.identify({ sessionToken: token }))?.membership.features.includes('intelligence'),
        true,
      );
      await rejectsWith(gate.membership.checkout({ buyer: user, plan: 'STARTER', ...urls }), 'GATE_CONFLICT');
      const portal = await gate.membership.openPortal({ userId: user.id, returnUrl: urls.successUrl });
      assert.equal(portal.url, `https://pay.example/portal/cus_${user.id}`);
      assert.equal((await gate.membership.cancel({ userId: user.id })).cancelAtPeriodEnd, true);
    },
  },
  ...SESSION_CONTRACT.map(
    (sessionCase): GateContractCase => ({
      name: `sessions: ${sessionCase.name}`,
      run: (context) => sessionCase.run(toSessionContext(context)),
    }),
  ),
];
