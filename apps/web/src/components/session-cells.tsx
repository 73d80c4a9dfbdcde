import { describeAgent } from '../lib/client-agent';
import { formatTime } from './status';

/** What a sessions table shows of one session (the person's own list and the admin's). */
export interface SessionCellsView {
  userAgent: string | null;
  clientAddress: string | null;
  createdAt: number;
  lastSeenAt: number | null;
}

/**
 * The client cell and the times cell of a session's row: the browser in a few words (the whole
 * user agent in the tooltip) over the address; signed in over last seen. Four columns fit a phone.
 */
export function SessionCells({ session, current = false }: { session: SessionCellsView; current?: boolean }) {
  return (
    <>
      <td title={session.userAgent ?? ''}>
        {describeAgent(session.userAgent)}
        {current ? <strong> (this browser)</strong> : null}
        <br />
        <span class="muted">from {session.clientAddress ?? 'an unknown address'}</span>
      </td>
      <td>
        {formatTime(session.createdAt)}
        <br />
        <span class="muted">
          last seen {session.lastSeenAt === null ? 'unknown' : formatTime(session.lastSeenAt)}
        </span>
      </td>
    </>
  );
}
