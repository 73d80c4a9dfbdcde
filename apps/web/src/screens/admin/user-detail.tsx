import { useEffect, useRef, useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime, Notice } from '../../components/status';
import { describeMembership } from '../../lib/membership-text';
import { Link } from '../../lib/router';
import { useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import type { Account, AdminCatalogue } from './admin-types';
import { AuditLog } from './audit-log';
import { CredentialsPanel } from './credentials-panel';

/** Runs one admin action, then shows its notice or error and reloads what it changed. */
function useAction(after: () => void) {
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setNotice(undefined);
    setError(undefined);
    try {
      setNotice(await action());
      after();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { notice, error, busy, run };
}

function RolesForm({
  account,
  catalogue,
  onDone,
}: {
  account: Account;
  catalogue: AdminCatalogue;
  onDone: () => void;
}) {
  const [roles, setRoles] = useState<string[]>(account.roles);
  useEffect(() => setRoles(account.roles), [account.roles.join(',')]);
  const action = useAction(onDone);
  const toggle = (name: string, checked: boolean) =>
    setRoles((current) => (checked ? [...current, name] : current.filter((role) => role !== name)));
  const save = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await requestJson<Account>(`/api/admin/users/${encodeURIComponent(account.id)}/roles`, {
        method: 'PUT',
        body: { roles },
      });
      return `Roles saved: ${answer.roles.join(', ') || 'none'}.`;
    });
  };
  const changed = [...roles].sort().join(',') !== [...account.roles].sort().join(',');
  return (
    <form onSubmit={save} class="panel" aria-labelledby="roles-heading">
      <h2 id="roles-heading">Roles and permissions</h2>
      <fieldset>
        <legend>Roles</legend>
        {catalogue.roles.map((role) => (
          <label class="checkbox" key={role.name}>
            <input
              type="checkbox"
              name="role"
              value={role.name}
              checked={roles.includes(role.name)}
              onChange={(event) => toggle(role.name, event.currentTarget.checked)}
            />
            <span>
              {role.name}{' '}
              <span class="hint">
                {role.permissions.includes('*')
                  ? 'every permission'
                  : role.permissions.join(', ') || 'no permissions'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p>
        Permissions now:{' '}
        <span data-testid="permissions">
          {account.permissions.includes('*')
            ? 'every permission (admin)'
            : account.permissions.join(', ') || 'none'}
        </span>
      </p>
      <div class="actions">
        <button type="submit" disabled={!changed || action.busy}>
          Save roles
        </button>
      </div>
      <Notice>{action.notice}</Notice>
      <ErrorMessage error={action.error} />
    </form>
  );
}

function GrantsPanel({
  account,
  catalogue,
  onDone,
}: {
  account: Account;
  catalogue: AdminCatalogue;
  onDone: () => void;
}) {
  const [plan, setPlan] = useState(account.membership.plan ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const action = useAction(onDone);
  const path = `/api/admin/users/${encodeURIComponent(account.id)}`;
  const setMembership = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await requestJson<Account>(`${path}/membership`, {
        method: 'PUT',
        body: { plan: plan === '' ? null : plan },
      });
      return `Membership: ${describeMembership(answer.membership, catalogue.plans)}.`;
    });
  };
  const grant = (event: Event) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await requestJson<Account>(`${path}/tokens`, {
        method: 'POST',
        body: { amount: Number(amount), reason: reason.trim() },
      });
      setAmount('');
      setReason('');
      return `Granted ${amount} tokens; the balance is now ${answer.balance}.`;
    });
  };
  return (
    <section class="panel" aria-labelledby="grants-heading">
      <h2 id="grants-heading">Membership and wallet</h2>
      <p>
        Membership: <strong>{describeMembership(account.membership, catalogue.plans)}</strong> · Tokens:{' '}
        <strong data-testid="balance">{account.balance}</strong>
      </p>
      <div class="columns">
        <form onSubmit={setMembership}>
          <label for="grant-plan">Plan</label>
          <select id="grant-plan" value={plan} onChange={(event) => setPlan(event.currentTarget.value)}>
            <option value="">No plan (end the grant)</option>
            {catalogue.plans.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          <div class="actions">
            <button type="submit" disabled={action.busy}>
              Set membership
            </button>
          </div>
        </form>
        <form onSubmit={grant}>
          <label for="grant-amount">Tokens to grant</label>
          <input
            id="grant-amount"
            type="number"
            min={1}
            max={1000000}
            step={1}
            required
            value={amount}
            onInput={(event) => setAmount(event.currentTarget.value)}
          />
          <label for="grant-reason">Reason</label>
          <input
            id="grant-reason"
            type="text"
            required
            maxLength={200}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={action.busy}>
              Grant tokens
            </button>
          </div>
        </form>
      </div>
      <Notice>{action.notice}</Notice>
      <ErrorMessage error={action.error} />
    </section>
  );
}

function DisablePanel({ account, onDone }: { account: Account; onDone: () => void }) {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const confirmButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed goes away with the state it changed: the focus goes back to the panel's heading.
  const action = useAction(() => {
    onDone();
    heading.current?.focus();
  });
  const path = `/api/admin/users/${encodeURIComponent(account.id)}`;
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const self = user?.id === account.id;
  const disable = () =>
    action.run(async () => {
      await requestJson<Account>(`${path}/disable`, {
        method: 'POST',
        body: reason.trim() ? { reason: reason.trim() } : {},
      });
      setConfirming(false);
      setReason('');
      return `${account.email} is disabled: its sessions and API keys no longer work.`;
    });
  const enable = () =>
    action.run(async () => {
      await requestJson<Account>(`${path}/enable`, { method: 'POST' });
      return `${account.email} is enabled again; its API keys work, and it signs in again.`;
    });
  return (
    <section class="panel" aria-labelledby="access-heading">
      <h2 id="access-heading" tabIndex={-1} ref={heading}>
        Access
      </h2>
      {account.disabledAt === null ? (
        <>
          <p>The account is enabled.</p>
          {self ? (
            <p class="muted">You cannot disable your own account.</p>
          ) : confirming ? (
            <fieldset class="confirm" aria-describedby="confirm-disable-text">
              <legend>Confirm</legend>
              <p id="confirm-disable-text">
                Disable <strong>{account.email}</strong>? Its sessions end and its API keys stop working at
                once; its data stays. You can re-enable it later.
              </p>
              <label for="disable-reason">Reason (kept in the audit log)</label>
              <input
                id="disable-reason"
                type="text"
                maxLength={500}
                value={reason}
                onInput={(event) => setReason(event.currentTarget.value)}
              />
              <div class="actions">
                <button
                  type="button"
                  class="danger"
                  ref={confirmButton}
                  disabled={action.busy}
                  onClick={disable}
                >
                  Disable {account.email}
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </div>
            </fieldset>
          ) : (
            <div class="actions">
              <button type="button" class="danger" onClick={() => setConfirming(true)}>
                Disable account…
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <p>
            <span class="badge badge-danger">Disabled</span> since {formatTime(account.disabledAt)}. Its
            sessions were ended and its API keys are refused; its data stays.
          </p>
          <div class="actions">
            <button type="button" disabled={action.busy} onClick={enable}>
              Re-enable account
            </button>
          </div>
        </>
      )}
      <Notice>{action.notice}</Notice>
      <ErrorMessage error={action.error} />
    </section>
  );
}

/** One account: roles, grants, sessions and keys, access, and its audit entries. */
export function UserDetail({ userId }: { userId: string }) {
  const [round, setRound] = useState(0);
  const account = useLoad(
    () => requestJson<Account>(`/api/admin/users/${encodeURIComponent(userId)}`),
    [userId, round],
  );
  const catalogue = useLoad(() => requestJson<AdminCatalogue>('/api/admin/roles'), []);
  const heading = useRef<HTMLHeadingElement>(null);
  const changed = () => setRound((value) => value + 1);
  const data = account.data;
  useEffect(() => {
    heading.current?.focus();
  }, [userId]);
  return (
    <section aria-labelledby="account-heading">
      <p>
        <Link href="/admin">← All people</Link>
      </p>
      <h2 id="account-heading" tabIndex={-1} ref={heading} class="account-heading">
        {data ? data.email : 'Account'}
      </h2>
      <ErrorMessage error={account.error ?? catalogue.error} />
      {data ? (
        <p class="muted">
          Account id <code>{data.id}</code> · created {formatTime(data.createdAt)} ·{' '}
          {data.emailVerified ? 'email verified' : 'email not verified'}
        </p>
      ) : null}
      {data && catalogue.data ? (
        <>
          <DisablePanel account={data} onDone={changed} />
          <RolesForm account={data} catalogue={catalogue.data} onDone={changed} />
          <GrantsPanel account={data} catalogue={catalogue.data} onDone={changed} />
          <CredentialsPanel userId={data.id} round={round} onDone={changed} />
          <AuditLog userId={data.id} round={round} />
        </>
      ) : null}
    </section>
  );
}
