import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { navigate } from '../../lib/router';
import { useSession } from '../../lib/session';
import { rememberGoodbye } from './goodbye-notice';

/**
 * Leave: download everything as one ZIP (`GET /account/export`, a plain link so the browser
 * streams it to disk), and delete the account after typing its email and the password
 * (`POST /account/delete`); then the console is signed out and says goodbye on Start.
 */
export function LeavingPanel() {
  const { user, refresh } = useSession();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  if (!user) return null;
  const confirmed = confirmation.trim().toLowerCase() === user.email.toLowerCase();
  const remove = async (event: Event) => {
    event.preventDefault();
    if (!confirmed) return;
    setError(undefined);
    setBusy(true);
    try {
      await requestJson('/account/delete', { method: 'POST', body: { password } });
      rememberGoodbye(user.email);
      await refresh();
      navigate('/');
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };
  return (
    <section class="panel" aria-labelledby="leaving-heading">
      <h2 id="leaving-heading">Leave</h2>
      <p>
        <a href="/account/export" download data-testid="download-my-data">
          Download my data
        </a>{' '}
        <span class="muted">
          — one ZIP: your account, every document (pages, books, runs, automations, functions), your wallet
          history and the book PDFs already exported.
        </span>
      </p>
      <form onSubmit={remove}>
        <h3>Delete my account</h3>
        <p>
          Everything you own is deleted for good: documents, files, keys and sessions. Your wallet history
          stays for the install's accounting, no longer linked to you. A paid membership must be cancelled
          first.
        </p>
        <label for="leave-confirm">Type your email ({user.email}) to confirm</label>
        <input
          id="leave-confirm"
          type="text"
          autocomplete="off"
          value={confirmation}
          onInput={(event) => setConfirmation(event.currentTarget.value)}
        />
        <label for="leave-password">Password</label>
        <input
          id="leave-password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        <ErrorMessage error={error} />
        <div class="actions">
          <button type="submit" class="danger" disabled={!confirmed || password === '' || busy}>
            Delete my account
          </button>
        </div>
      </form>
    </section>
  );
}
