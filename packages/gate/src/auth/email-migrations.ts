import type { Kysely, Migration } from 'kysely';
import type { GateDatabase } from '../db/schema.js';
import { findConfusableEmailProblem, normalizeEmailAddress } from './email-address.js';

const PAGE = 500;

/**
 * Re-normalises the stored emails of accounts created before NFKC normalisation. Until then an
 * address was only trimmed and lower-cased, so a row may hold `ａｄｍｉｎ@example.test` or
 * `adm\u0069\u0307n@…`. Each row whose email changes under {@link normalizeEmailAddress}:
 * - is rewritten to the normal form when no other account holds it and the address is not
 *   refused as a look-alike, so its owner signs in as before;
 * - is left as it is otherwise (a look-alike of an existing account, or an address with
 *   invisible or mixed-script characters). Sign-in normalises what is typed, so such a row can no
 *   longer be reached by its look-alike address: it was the impersonation the rule now prevents.
 *   An admin finds these rows as those whose email still has non-ASCII characters.
 * ASCII-only rows never change (NFKC and the `İ` fold are the identity on ASCII).
 */
export const emailMigrations: Record<string, Migration> = {
  '0003_email_nfkc': {
    async up(untyped: Kysely<unknown>) {
      const db = untyped as Kysely<GateDatabase>;
      let after = '';
      for (;;) {
        const rows = await db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(PAGE)
          .execute();
        for (const row of rows) {
          const normal = normalizeEmailAddress(row.email);
          if (normal === row.email || findConfusableEmailProblem(row.email)) continue;
          const holder = await db
            .selectFrom('users')
            .select('id')
            .where('email', '=', normal)
            .executeTakeFirst();
          if (!holder)
            await db.updateTable('users').set({ email: normal }).where('id', '=', row.id).execute();
        }
        if (rows.length < PAGE) return;
        after = rows[rows.length - 1]?.id ?? after;
      }
    },
    // Nothing to undo: the old normalisation (trim, lower case) reads normalised rows as they are.
    async down() {},
  },
};
