import type { FastifyInstance } from 'fastify';
import { ADMIN, logIn } from './access-test-fixtures.js';

// Test support for the wallet and meter suites; never imported by production code.

/** The seed admin's session cookie on `app`. */
export function logInAdmin(app: FastifyInstance): Promise<string> {
  return logIn(app, ADMIN.email, ADMIN.password);
}

/** Grants `amount` tokens to `userId` through `POST /tokens/grant`; throws unless 200. */
export async function grantTokens(
  app: FastifyInstance,
  adminCookie: string,
  userId: string,
  amount: number,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/tokens/grant',
    headers: { cookie: adminCookie },
    payload: { userId, amount, reason: 'test top-up' },
  });
  if (response.statusCode !== 200) throw new Error(`grant failed: ${response.statusCode} ${response.body}`);
}

/** The wallet's balance row and ledger sum of `userId`, read straight from the tables. */
export async function readWalletTotals(
  app: FastifyInstance,
  userId: string,
): Promise<{ balance: number; ledgerSum: number; entries: number }> {
  const db = app.database.db;
  const wallet = await db
    .selectFrom('wallets')
    .select('balance')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const ledger = await db
    .selectFrom('wallet_ledger')
    .select('amount')
    .where('user_id', '=', userId)
    .execute();
  return {
    balance: wallet ? Number(wallet.balance) : 0,
    ledgerSum: ledger.reduce((sum, row) => sum + Number(row.amount), 0),
    entries: ledger.length,
  };
}
