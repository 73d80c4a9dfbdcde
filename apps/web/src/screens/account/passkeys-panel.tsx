import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { useLoad } from '../../lib/use-load';

interface PublicPasskey {
  id: string;
  name: string;
  transports: string[];
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

/** One passkey's row: its name (or a rename field), dates, and Rename / Remove. */
function PasskeyRow(props: {
  passkey: PublicPasskey;
  onRename(name: string): Promise<void>;
  onRemove(): Promise<void>;
}) {
  const { passkey } = props;
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const save = async (event: Event) => {
    event.preventDefault();
    await props.onRename(name);
    setEditing(false);
  };
  return (
    <tr>
      <td>
        {editing ? (
          <form onSubmit={save} class="inline-form">
            <label for={`passkey-rename-${passkey.id}`} class="visually-hidden">
              New name of {passkey.name}
            </label>
            <input
              id={`passkey-rename-${passkey.id}`}
              type="text"
              required
              maxLength={64}
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
            />
            <button type="submit">Save</button>
          </form>
        ) : (
          passkey.name
        )}
      </td>
      <td>{formatTime(passkey.createdAt)}</td>
      <td>{passkey.lastUsedAt ? formatTime(passkey.lastUsedAt) : 'never'}</td>
      <td>
        {editing ? null : (
          <button
            type="button"
            class="secondary"
            aria-label={`Rename ${passkey.name}`}
            onClick={() => setEditing(true)}
          >
            Rename
          </button>
        )}{' '}
        <button
          type="button"
          class="danger"
          aria-label={`Remove ${passkey.name}`}
          onClick={() => props.onRemove()}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

/** Passkeys: add one (named) with this device or a phone, list, rename, remove. */
export function PasskeysPanel() {
  const list = useLoad(
    () => requestJson<{ passkeys: PublicPasskey[]; enabled: boolean }>('/auth/passkeys'),
    [],
  );
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const run = async (action: () => Promise<string>) => {
    setError(undefined);
    setBusy(true);
    try {
      setNotice(await action());
      list.reload();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const add = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const optionsJSON = await requestJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/auth/passkeys/registration/options',
        { method: 'POST' },
      );
      const response = await startRegistration({ optionsJSON });
      const answer = await requestJson<{ passkey: PublicPasskey }>('/auth/passkeys/registration/verify', {
        method: 'POST',
        body: { name, response },
      });
      setName('');
      return `Passkey “${answer.passkey.name}” added.`;
    });
  };
  const rename = (passkey: PublicPasskey, newName: string) =>
    run(async () => {
      await requestJson(`/auth/passkeys/${encodeURIComponent(passkey.id)}`, {
        method: 'PATCH',
        body: { name: newName },
      });
      return `Passkey renamed to “${newName.trim()}”.`;
    });
  const remove = async (passkey: PublicPasskey) => {
    if (!window.confirm(`Remove the passkey “${passkey.name}”? It will not sign you in any more.`)) return;
    await run(async () => {
      await requestJson(`/auth/passkeys/${encodeURIComponent(passkey.id)}`, { method: 'DELETE' });
      return `Passkey “${passkey.name}” removed.`;
    });
  };
  const enabled = list.data?.enabled !== false && browserSupportsWebAuthn();
  return (
    <section class="panel" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      {enabled ? (
        <form onSubmit={add}>
          <label for="passkey-name">Name of a new passkey</label>
          <input
            id="passkey-name"
            type="text"
            required
            maxLength={64}
            placeholder="Laptop"
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={busy}>
              Add a passkey
            </button>
          </div>
        </form>
      ) : (
        <p class="muted">Passkeys are off on this server or not supported by this browser.</p>
      )}
      <ErrorMessage error={error ?? list.error} />
      <Notice>{notice}</Notice>
      {list.data && list.data.passkeys.length > 0 ? (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Added</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.passkeys.map((passkey) => (
                <PasskeyRow
                  key={passkey.id}
                  passkey={passkey}
                  onRename={(newName) => rename(passkey, newName)}
                  onRemove={() => remove(passkey)}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No passkeys.</p>
      )}
    </section>
  );
}
