import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { AdminPanel } from './admin-panel';
import { ApiKeysPanel } from './api-keys-panel';
import { LeavingPanel } from './leaving-panel';
import { MembershipPanel } from './membership-panel';
import { PasskeysPanel } from './passkeys-panel';
import { SessionsPanel } from './sessions-panel';
import { SsoPanel } from './sso-panel';
import { TwoStepPanel } from './two-step-panel';
import { WalletPanel } from './wallet-panel';

/** Account: API keys, wallet, membership; for admins, grants and meter rules. */
export function AccountScreen() {
  const { user } = useSession();
  if (!user)
    return (
      <section>
        <h1 tabIndex={-1}>Account</h1>
        <p>
          <Link href="/">Sign in</Link> to see your keys, wallet and membership.
        </p>
      </section>
    );
  return (
    <section>
      <h1 tabIndex={-1}>Account</h1>
      <p>
        {user.email} · roles: {user.roles.join(', ') || 'none'} · account id{' '}
        <code data-testid="user-id">{user.id}</code>
      </p>
      <div class="columns">
        <WalletPanel />
        <MembershipPanel />
      </div>
      <TwoStepPanel />
      <PasskeysPanel />
      <SsoPanel />
      <SessionsPanel />
      <ApiKeysPanel />
      {user.isAdmin ? <AdminPanel /> : null}
      <LeavingPanel />
    </section>
  );
}
