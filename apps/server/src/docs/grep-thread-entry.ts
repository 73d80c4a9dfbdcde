import { DOCS_TOOLS, loadDocsReader } from '@svc/docs-reader';
import { createFileSiteStore } from '@svc/docs-reader/node';
import { serveThreadRequests } from '../threads/serve-thread-requests.js';

// The grep thread's entry (dist/grep-thread.js): opens the built site once, then runs the
// `grepDocs` tool's own `run` (its lenient arguments, its budget) for each request.
serveThreadRequests(async (data: { siteDir: string }) => {
  const reader = await loadDocsReader(createFileSiteStore(data.siteDir));
  const grepDocs = DOCS_TOOLS.find((tool) => tool.name === 'grepDocs');
  if (grepDocs === undefined) throw new Error('@svc/docs-reader has no grepDocs tool');
  // One substring and one regular-expression pass over every page before the thread says ready,
  // so the first caller's 200 ms budget measures matching, not the thread's first compilations.
  grepDocs.run({ pattern: '\u0001\u0002', limit: 1 }, reader);
  grepDocs.run({ pattern: '\u0001\u0002', regex: true, limit: 1 }, reader);
  return (args: Record<string, unknown>) => grepDocs.run(args, reader);
});
