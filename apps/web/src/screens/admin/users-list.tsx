import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime } from '../../components/status';
import { describeMembership } from '../../lib/membership-text';
import { Link } from '../../lib/router';
import { useLoad } from '../../lib/use-load';
import type { AccountPage } from './admin-types';
import { ScrollBox } from './scroll-box';

const PAGE = 25;

/** The accounts table: search by email, paged by {@link PAGE}; an email opens the account. */
export function UsersList() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const page = useLoad(
    () =>
      requestJson<AccountPage>(
        `/api/admin/users?${new URLSearchParams({ search, offset: String(offset), limit: String(PAGE) })}`,
      ),
    [search, offset],
  );
  const submit = (event: Event) => {
    event.preventDefault();
    setSearch(draft.trim());
    setOffset(0);
  };
  const data = page.data;
  const last = data ? Math.min(data.offset + data.users.length, data.total) : 0;
  return (
    <section class="panel" aria-labelledby="people-heading">
      <h2 id="people-heading">People</h2>
      <search>
        <form onSubmit={submit} class="inline-form">
          <label for="people-search">Search by email</label>
          <input
            id="people-search"
            type="search"
            maxLength={254}
            value={draft}
            placeholder="part of an address"
            onInput={(event) => setDraft(event.currentTarget.value)}
          />
          <button type="submit">Search</button>
        </form>
      </search>
      <ErrorMessage error={page.error} />
      <p class="muted" role="status" aria-live="polite">
        {page.loading
          ? 'Loading…'
          : data
            ? data.total === 0
              ? search
                ? `No account's email contains "${search}".`
                : 'No accounts yet.'
              : `Showing ${data.offset + 1}–${last} of ${data.total}${search ? ` matching "${search}"` : ''}.`
            : ''}
      </p>
      {data && data.users.length > 0 ? (
        <ScrollBox label="People, scrollable">
          <table aria-labelledby="people-heading" class="people-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Roles</th>
                <th scope="col" class="wide-only">
                  Membership
                </th>
                <th scope="col">Tokens</th>
                <th scope="col">Status</th>
                <th scope="col" class="wide-only">
                  Created
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((account) => (
                <tr key={account.id}>
                  <td>
                    <Link href={`/admin?user=${encodeURIComponent(account.id)}`}>{account.email}</Link>
                  </td>
                  <td>{account.roles.join(', ') || 'none'}</td>
                  <td class="wide-only">{describeMembership(account.membership)}</td>
                  <td>{account.balance}</td>
                  <td>
                    {account.disabledAt === null ? (
                      'Enabled'
                    ) : (
                      <span class="badge badge-danger">Disabled</span>
                    )}
                  </td>
                  <td class="wide-only">{formatTime(account.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {data && data.total > PAGE ? (
        <nav class="actions" aria-label="Pages of people">
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            Previous page
          </button>
          <button type="button" disabled={last >= data.total} onClick={() => setOffset(offset + PAGE)}>
            Next page
          </button>
        </nav>
      ) : null}
    </section>
  );
}
