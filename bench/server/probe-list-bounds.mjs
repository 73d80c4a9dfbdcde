// Probe of issue 10, defect 4: a member fills a public collection with large documents, then
// four anonymous `GET /db/big?limit=5000` run at once. Prints each read's size and time, the
// server's peak RSS and the worst `/healthz` latency meanwhile. Not a benchmark and not a test:
// it reproduces the issue's numbers against the built server (build first).
//   node bench/server/probe-list-bounds.mjs [--megabytes 200]
import { ADMIN, call, signIn, signUpMember, startProbeServer, startSampling } from './probe-support.mjs';

const megabytes = Number(process.argv[process.argv.indexOf('--megabytes') + 1]) || 200;
const DOCUMENT_CHARS = 250_000;
const server = await startProbeServer();
try {
  const member = await signUpMember(server, 'filler@example.com');
  const admin = await signIn(server, ADMIN);
  const wanted = Math.ceil((megabytes * 1024 * 1024) / DOCUMENT_CHARS);
  const blob = 'x'.repeat(DOCUMENT_CHARS);
  let byMember = 0;
  let byAdmin = 0;
  let refusal;
  for (let i = 0; i < wanted; i++) {
    const body = { n: i, blob, visibility: 'public' };
    let created = refusal ? undefined : await call(server.url, 'POST', '/db/big', { body, cookie: member });
    if (created && created.status !== 201) {
      refusal = { status: created.status, code: created.body?.error?.code, after: byMember };
      created = undefined;
    }
    if (created) {
      byMember++;
      continue;
    }
    // Past the member's quota, the admin (exempt) stores the rest, so the reads face the same data.
    const stored = await call(server.url, 'POST', '/db/big', { body, cookie: admin });
    if (stored.status !== 201) throw new Error(`admin write answered ${stored.status}`);
    byAdmin++;
  }
  console.log(
    JSON.stringify({
      stored: { documents: wanted, megabytes, byMember, byAdmin, memberRefusedWith: refusal ?? null },
    }),
  );
  const sampling = startSampling(server);
  const started = performance.now();
  const reads = await Promise.all(
    Array.from({ length: 4 }, () => call(server.url, 'GET', '/db/big?limit=5000')),
  );
  const wallMs = Math.round(performance.now() - started);
  const during = await sampling.stop();
  console.log(
    JSON.stringify({
      reads: reads.map((read) => ({
        status: read.status,
        megabytes: Math.round((read.bytes / 1024 / 1024) * 100) / 100,
        items: read.body?.items?.length,
        nextCursor: read.body?.nextCursor ? 'yes' : null,
        ms: Math.round(read.ms),
      })),
      wallMs,
      ...during,
    }),
  );
  // Following the cursor reads everything, page by page; the 61st anonymous read in a minute is refused.
  let cursor = reads[0]?.body?.nextCursor;
  let pages = 1;
  let items = reads[0]?.body?.items?.length ?? 0;
  let last = reads[0];
  while (cursor) {
    last = await call(server.url, 'GET', `/db/big?limit=5000&cursor=${cursor}`);
    if (last.status !== 200) break;
    pages++;
    items += last.body.items.length;
    cursor = last.body.nextCursor;
  }
  console.log(
    JSON.stringify({
      anonymousFollowing: { pages, items, stoppedWith: last.status === 200 ? null : last.body?.error?.code },
    }),
  );
  // Four signed-in readers (own budgets) each read the whole collection at once, page by page.
  const readers = await Promise.all([1, 2, 3, 4].map((n) => signUpMember(server, `reader${n}@example.com`)));
  const whole = startSampling(server);
  const wholeStarted = performance.now();
  const totals = await Promise.all(
    readers.map(async (cookie) => {
      let next = '';
      let count = 0;
      let bytes = 0;
      let pageCount = 0;
      do {
        const page = await call(server.url, 'GET', `/db/big?limit=5000${next ? `&cursor=${next}` : ''}`, {
          cookie,
        });
        if (page.status !== 200) return { stoppedWith: page.body?.error?.code, count, pageCount };
        count += page.body.items.length;
        bytes += page.bytes;
        pageCount++;
        next = page.body.nextCursor ?? '';
      } while (next);
      return { items: count, pages: pageCount, megabytes: Math.round(bytes / 1024 / 1024) };
    }),
  );
  console.log(
    JSON.stringify({
      fourReadersWholeCollection: totals,
      wallMs: Math.round(performance.now() - wholeStarted),
      ...(await whole.stop()),
    }),
  );
} finally {
  await server.stop();
}
