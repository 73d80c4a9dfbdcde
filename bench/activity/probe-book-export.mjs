// Probe of issue 10, defect 8: the worst legal export — 400 pages of 80×80 mazes with keys,
// large print and bleed, watermarked (a member without a plan) — through the server's export job.
// Prints the server's RSS before and at peak, the export's time and size, and the worst
// `/healthz` latency while it builds. Not a benchmark and not a test (build first).
//   node bench/activity/probe-book-export.mjs [--pages 400] [--trim 8.5x11]
import { call, signUpMember, startProbeServer, startSampling } from '../server/probe-support.mjs';

const arg = (name, fallback) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback;
const pageCount = Number(arg('--pages', '400'));
const trim = arg('--trim', '8.5x11');
const core = await import(new URL('../../packages/activity-core/dist/index.js', import.meta.url).href);

const server = await startProbeServer();
try {
  const member = await signUpMember(server, 'author@example.com');
  const pageIds = [];
  for (let i = 0; i < pageCount; i++) {
    const page = core.generatePage({ kind: 'maze', seed: `probe-${i}`, input: { width: 80, height: 80 } });
    const saved = await call(server.url, 'POST', '/api/activity/pages', {
      body: { kind: 'maze', doc: page.doc, seed: page.seed },
      cookie: member,
    });
    if (saved.status !== 201) throw new Error(`save answered ${saved.status} ${JSON.stringify(saved.body)}`);
    pageIds.push(saved.body.page.id);
  }
  const book = await call(server.url, 'POST', '/api/activity/books', {
    body: {
      title: 'The worst legal book',
      trim,
      pageIds,
      options: { bleed: true, largePrint: true, includeKeys: true },
    },
    cookie: member,
  });
  if (book.status !== 201) throw new Error(`book answered ${book.status} ${JSON.stringify(book.body)}`);
  const id = book.body.book.id;
  const sampling = startSampling(server);
  const started = performance.now();
  const queued = await call(server.url, 'POST', `/api/activity/books/${id}/export`, { cookie: member });
  if (queued.status !== 202) throw new Error(`export answered ${queued.status}`);
  let file;
  const timeline = [];
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    file = await call(server.url, 'GET', `/api/activity/books/${id}/file`, { cookie: member });
    const at = Math.round(performance.now() - started);
    const job = file.body?.job;
    if (job && timeline.at(-1)?.status !== `${job.status} ${Math.floor(job.progress / 10) * 10}%`) {
      timeline.push({ atMs: at, status: `${job.status} ${Math.floor(job.progress / 10) * 10}%` });
    }
    if (file.status !== 202) {
      timeline.push({ atMs: at, status: `answered ${file.status}` });
      break;
    }
  }
  const exportMs = Math.round(performance.now() - started);
  const during = await sampling.stop();
  console.log(
    JSON.stringify({
      pages: pageCount,
      trim,
      status: file.status,
      pdfMiB: Math.round((file.bytes / 1024 / 1024) * 100) / 100,
      exportMs,
      ...during,
      timeline,
    }),
  );
} finally {
  await server.stop();
}
