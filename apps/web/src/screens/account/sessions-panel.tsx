import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { SessionCells } from '../../components/session-cells';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { describeAgent } from '../../lib/client-agent';
import { useLoad } from '../../lib/use-load';

/** One of my sessions as `GET /auth/sessions` answers it. */
interface OwnSession {
  id: string;
  createdAt: number;
  lastSeenAt: number | null;
  expiresAt: number;
  clientAddress: string | null;
  userAgent: string | null;
  current: boolean;
}

/** Sessions: where I am signed in, with **End** per session and **End all other sessions**. */
export function SessionsPanel() {
  const [round, setRound] = useState(0);
  const sessions = useLoad(() => requestJson<{ sessions: OwnSession[] }>('/auth/sessions'), [round]);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<unknown>();
  const act = async (url: string, method: 'DELETE' | 'POST', done: (answer: unknown) => string) => {
    setError(undefined);
    setNotice(undefined);
    try {
      setNotice(done(await requestJson(url, { method })));
      setRound((value) => value + 1);
    } catch (caught) {
      setError(caught);
    }
  };
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  return (
    <section class="panel" aria-labelledby="own-sessions-heading">
      <h2 id="own-sessions-heading">Sessions</h2>
      <p class="muted">Where this account is signed in. Ending a session signs that browser out at once.</p>
      <ErrorMessage error={error ?? sessions.error} />
      {list.length > 0 ? (
        <table aria-labelledby="own-sessions-heading">
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Signed in</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((session) => (
              <tr key={session.id} data-testid={session.current ? 'current-session' : 'other-session'}>
                <SessionCells session={session} current={session.current} />
                <td>
                  {session.current ? null : (
                    <button
                      type="button"
                      class="danger"
                      aria-label={`End the session signed in ${formatTime(session.createdAt)} from ${describeAgent(session.userAgent)}`}
                      onClick={() =>
                        act(
                          `/auth/sessions/${encodeURIComponent(session.id)}`,
                          'DELETE',
                          () => 'Session ended.',
                        )
                      }
                    >
                      End
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p class="muted">{sessions.loading ? 'Loading…' : 'No live sessions.'}</p>
      )}
      <div class="actions">
        <button
          type="button"
          class="secondary"
          disabled={others.length === 0}
          onClick={() =>
            act('/auth/sessions/end-others', 'POST', (answer) => {
              const ended = (answer as { ended: number }).ended;
              return `${ended} other session${ended === 1 ? '' : 's'} ended.`;
            })
          }
        >
          End all other sessions
        </button>
      </div>
      <Notice>{notice}</Notice>
    </section>
  );
}
