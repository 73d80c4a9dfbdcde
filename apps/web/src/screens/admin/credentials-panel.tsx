import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { SessionCells } from '../../components/session-cells';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { useLoad } from '../../lib/use-load';
import { ScrollBox } from './scroll-box';

interface Session {
  id: string;
  createdAt: number;
  expiresAt: number;
  userAgent: string | null;
  lastSeenAt: number | null;
  clientAddress: string | null;
}
interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A user's live sessions and API keys, each revocable at once. */
export function CredentialsPanel({
  userId,
  round,
  onDone,
}: {
  userId: string;
  round: number;
  onDone: () => void;
}) {
  const path = `/api/admin/users/${encodeURIComponent(userId)}`;
  const sessions = useLoad(() => requestJson<{ sessions: Session[] }>(`${path}/sessions`), [userId, round]);
  const keys = useLoad(() => requestJson<{ keys: ApiKey[] }>(`${path}/keys`), [userId, round]);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<unknown>();
  const revoke = async (url: string, done: string, method: 'DELETE' | 'POST' = 'DELETE') => {
    setError(undefined);
    setNotice(undefined);
    try {
      await requestJson(url, { method });
      setNotice(done);
      onDone();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section class="panel" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading">Sessions and API keys</h2>
      <ErrorMessage error={error ?? sessions.error ?? keys.error} />
      <h3 id="sessions-heading">Signed-in sessions</h3>
      {sessions.data && sessions.data.sessions.length > 0 ? (
        <ScrollBox label="Sessions, scrollable">
          <table aria-labelledby="sessions-heading">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Signed in</th>
                <th scope="col">Ends</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.sessions.map((session) => (
                <tr key={session.id}>
                  <SessionCells session={session} />
                  <td>{formatTime(session.expiresAt)}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Revoke the session signed in ${formatTime(session.createdAt)}`}
                      onClick={() =>
                        revoke(`${path}/sessions/${encodeURIComponent(session.id)}`, 'Session revoked.')
                      }
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : (
        <p class="muted">{sessions.loading ? 'Loading…' : 'No live sessions.'}</p>
      )}
      {sessions.data && sessions.data.sessions.length > 0 ? (
        <div class="actions">
          <button
            type="button"
            class="danger"
            onClick={() => revoke(`${path}/sessions/end-all`, 'Every session ended; API keys kept.', 'POST')}
          >
            End all sessions
          </button>
        </div>
      ) : null}
      <h3 id="keys-heading">API keys</h3>
      {keys.data && keys.data.keys.length > 0 ? (
        <ScrollBox label="API keys, scrollable">
          <table aria-labelledby="keys-heading">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{key.lastUsedAt === null ? 'never' : formatTime(key.lastUsedAt)}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Revoke the key ${key.name}`}
                      onClick={() =>
                        revoke(`${path}/keys/${encodeURIComponent(key.id)}`, `Key ${key.name} revoked.`)
                      }
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : (
        <p class="muted">{keys.loading ? 'Loading…' : 'No API keys.'}</p>
      )}
      <Notice>{notice}</Notice>
    </section>
  );
}
