import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { navigate } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { rememberGoodbye } from './goodbye-notice';

/**
 * Leave: download everything as one ZIP (`GET /account/export`, a plain link so the browser
 * streams it to disk), and delete the account after typing its email and the password
 * (`POST /account/delete`); then the console is signed out and says goodbye on Start. An account
 * made by single sign-on has no password to type: a recent sign-in with the provider stands in.
 */
export function LeavingPanel() {
  const { user, refresh } = useSession();
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  // Accounts made by single sign-on have no password of their own (`hasPassword: false`).
  const sso = useLoad(() => requestJson<{ hasPassword: boolean }>('/auth/sso/identities'), [user?.id]);
  const hasPassword = sso.data?.hasPassword !== false;
  if (!user) return null;
  const confirmed = confirmation.trim().toLowerCase() === user.email.toLowerCase();
  const remove = async (event: Event) => {
    event.preventDefault();
    if (!confirmed) return;
    setError(undefined);
    setBusy(true);
    try {
      await requestJson('/account/delete', { method: 'POST', body: hasPassword ? { password } : {} });
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
        {hasPassword ? (
          <>
            <label for="leave-password">Password</label>
            <input
              id="leave-password"
              type="password"
              autocomplete="current-password"
              required
              value={password}
              onInput={(event) => setPassword(event.currentTarget.value)}
            />
          </>
        ) : (
          <p data-testid="leave-recent-sign-in">
            Your account has no password (you signed up with single sign-on): sign out and sign in again with
            your provider, then delete it within 10 minutes.
          </p>
        )}
        <ErrorMessage error={error} />
        <div class="actions">
          <button
            type="submit"
            class="danger"
            disabled={!confirmed || (hasPassword && password === '') || busy}
          >
            Delete my account
          </button>
        </div>
      </form>
    </section>
  );
}
