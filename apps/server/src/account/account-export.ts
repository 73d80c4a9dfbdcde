import { Readable } from 'node:stream';
import type { ExportedDocument, ExportedLedgerEntry, Gate } from '@svc/gate';
import type { AccountDataContributor } from '../plugins/account-data.js';
import { renderExportReadme } from './export-readme.js';
import type { ZipExport } from './zip-export-sink.js';

/** Reads pages until an empty or short one, yielding each row. */
async function* readPages<Row, Cursor>(
  readPage: (after: Cursor | undefined) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row> {
  let after: Cursor | undefined;
  for (;;) {
    const page = await readPage(after);
    yield* page;
    const last = page[page.length - 1];
    if (last === undefined) return;
    after = cursorOf(last);
  }
}

/**
 * Writes one person's export into `zip`: the README, the gate's part (account, documents per
 * collection, wallet ledger), then every area's contributor in its own folder. Reads page by
 * page, so memory holds one page at a time whatever the account's size.
 *
 * @example
 * await writeAccountExport({ gate, contributors: app.accountData.list(), user, zip, now: new Date() });
 * zip.end();
 */
export async function writeAccountExport(input: {
  gate: Gate;
  contributors: readonly AccountDataContributor[];
  user: { id: string; email: string };
  zip: ZipExport;
  now: Date;
}): Promise<void> {
  const { gate, zip, user } = input;
  const leaving = gate.leaving;
  const withExport = input.contributors.filter((contributor) => contributor.export !== undefined);
  const root = zip.sinkFor('');
  const readme = renderExportReadme({
    email: user.email,
    exportedAt: input.now,
    areas: withExport.map((contributor) => contributor.area),
  });
  await root.addStream('README.md', Readable.from([readme]));
  await root.addJson('account.json', await leaving.readProfile(user.id));
  for (const collection of await leaving.readCollections(user.id)) {
    await zip.sinkFor('documents').addJsonLines(
      `${collection}.jsonl`,
      readPages<ExportedDocument, string>(
        (after) => leaving.readDocumentPage({ userId: user.id, collection, after }),
        (document) => document.id,
      ),
    );
  }
  await zip.sinkFor('wallet').addJsonLines(
    'ledger.jsonl',
    readPages<ExportedLedgerEntry, number>(
      (after) => leaving.readLedgerPage({ userId: user.id, after }),
      (entry) => entry.id,
    ),
  );
  for (const contributor of withExport) await contributor.export?.(user.id, zip.sinkFor(contributor.area));
}
