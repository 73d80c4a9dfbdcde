import { snapshotSqlite } from '../db/sqlite-snapshot.js';
import { serveThreadRequests } from '../threads/serve-thread-requests.js';

// The backup thread's entry (dist/backup-thread.js): runs the one SQLite snapshot
// (`db/sqlite-snapshot.ts`) off the event loop, so a large file never stalls the server.
serveThreadRequests(async () => (request: { from: string; into: string }) => snapshotSqlite(request));
