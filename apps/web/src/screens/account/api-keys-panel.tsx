import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';

interface PublicApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** API keys: create (developers, shown once), list, revoke. */
export function ApiKeysPanel() {
  const { user } = useSession();
  const keys = useLoad(() => requestJson<{ keys: PublicApiKey[] }>('/keys'), []);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ key: string; name: string }>();
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const create = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await requestJson<{ key: string; apiKey: PublicApiKey }>('/keys', {
        method: 'POST',
        body: { name },
      });
      setCreated({ key: answer.key, name: answer.apiKey.name });
      setName('');
      keys.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  const revoke = async (key: PublicApiKey) => {
    if (!window.confirm(`Revoke the key “${key.name}”? Programs using it stop working at once.`)) return;
    setError(undefined);
    try {
      await requestJson(`/keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' });
      setNotice(`Key “${key.name}” revoked.`);
      keys.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section class="panel" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      {user?.isDeveloper ? (
        <form onSubmit={create}>
          <label for="key-name">Name of a new key</label>
          <input
            id="key-name"
            type="text"
            required
            maxLength={100}
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit">Create key</button>
          </div>
        </form>
      ) : (
        <p class="muted">Creating keys needs the developer role; an admin can give it to you.</p>
      )}
      {created ? (
        <div role="alert">
          <p>
            Your new key “{created.name}”. Copy it now: <strong>it is shown only once</strong>.
          </p>
          <p class="secret" data-testid="new-key">
            {created.key}
          </p>
          <button type="button" class="secondary" onClick={() => setCreated(undefined)}>
            I have copied it
          </button>
        </div>
      ) : null}
      <ErrorMessage error={error ?? keys.error} />
      <Notice>{notice}</Notice>
      {keys.data && keys.data.keys.length > 0 ? (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Created</th>
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
                  <td>{formatTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatTime(key.lastUsedAt) : 'never'}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => revoke(key)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No keys.</p>
      )}
    </section>
  );
}
