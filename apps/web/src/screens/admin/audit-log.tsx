import { useEffect, useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime } from '../../components/status';
import { Link } from '../../lib/router';
import { ACTION_LABELS, type AuditEntry, describeDetails } from './admin-types';
import { ScrollBox } from './scroll-box';

interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/**
 * The audit log, newest first, 20 at a time with "Show older"; `userId` keeps one account's
 * entries. `round` changes after an action so the log shows it.
 */
export function AuditLog({ userId, round = 0 }: { userId?: string; round?: number }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  const [loading, setLoading] = useState(true);
  const load = async (after: string | null) => {
    setLoading(true);
    setError(undefined);
    try {
      const query = new URLSearchParams({ limit: '20' });
      if (after) query.set('cursor', after);
      if (userId) query.set('userId', userId);
      const page = await requestJson<AuditPage>(`/api/admin/audit?${query}`);
      setEntries((previous) => (after ? [...previous, ...page.entries] : page.entries));
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  };
  useEffect(() => {
    void load(null);
  }, [userId, round]);
  const headingId = userId ? 'user-audit-heading' : 'audit-heading';
  return (
    <section class="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{userId ? 'Audit of this account' : 'Audit log'}</h2>
      <ErrorMessage error={error} />
      {entries.length === 0 && !loading ? <p class="muted">Nothing recorded yet.</p> : null}
      {entries.length > 0 ? (
        <ScrollBox label="Audit entries, scrollable">
          <table aria-labelledby={headingId} class="audit-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Admin</th>
                <th scope="col">Action</th>
                {userId ? null : <th scope="col">Account</th>}
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>{entry.actor.email}</td>
                  <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
                  {userId ? null : (
                    <td>
                      {entry.target ? (
                        <Link href={`/admin?user=${encodeURIComponent(entry.target.userId)}`}>
                          {entry.target.email ?? entry.target.userId}
                        </Link>
                      ) : (
                        ''
                      )}
                    </td>
                  )}
                  <td>{describeDetails(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {cursor ? (
        <div class="actions">
          <button type="button" disabled={loading} onClick={() => load(cursor)}>
            Show older entries
          </button>
        </div>
      ) : null}
    </section>
  );
}
