import { useState } from 'preact/hooks';
import { describeMembership } from '../../lib/membership-text';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { GoodbyeNotice } from '../account/goodbye-notice';
import { CapabilitiesPanel } from './capabilities-panel';
import { InstallOverview } from './install-overview';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

function SignedIn() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section class="panel" aria-labelledby="signed-in-heading">
      <h2 id="signed-in-heading">Signed in</h2>
      <p>
        You are signed in as <strong>{user.email}</strong> ({user.roles.join(', ') || 'no role'}). Membership:{' '}
        {describeMembership(user.membership)}.
      </p>
      <ul>
        <li>
          <Link href="/puzzles">Make puzzle pages</Link> and <Link href="/books">bind them into books</Link>
        </li>
        <li>
          <Link href="/ideation">Run the ideation pipeline</Link>
        </li>
        <li>
          <Link href="/specs">Validate and diff API specs</Link>
        </li>
        <li>
          <Link href="/account">Keys, wallet and membership</Link>
        </li>
      </ul>
    </section>
  );
}

/** Start: what this install offers, and sign up, verify, sign in, sign out. */
export function StartScreen() {
  const { user } = useSession();
  const [email, setEmail] = useState('');
  return (
    <section>
      <h1 tabIndex={-1}>Welcome to svc</h1>
      <p class="muted">
        Puzzle pages and books, an ideation pipeline and an API spec toolkit, on this server's own public API.
      </p>
      <GoodbyeNotice />
      {user ? (
        <SignedIn />
      ) : user === null ? (
        <div class="columns">
          <SignInForm email={email} />
          <SignUpForm onSignedUp={setEmail} />
        </div>
      ) : null}
      <InstallOverview />
      <CapabilitiesPanel />
    </section>
  );
}
