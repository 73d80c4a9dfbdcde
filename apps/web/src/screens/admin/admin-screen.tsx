import { Link, useSearch } from '../../lib/router';
import { useSession } from '../../lib/session';
import { AuditLog } from './audit-log';
import { TwoStepRoles } from './two-step-roles';
import { UserDetail } from './user-detail';
import { UsersList } from './users-list';

/** Admin: people (search, roles, grants, sessions, keys, disable) and the audit log. Docs: docs/gate/admin.md. */
export function AdminScreen() {
  const { user } = useSession();
  const userId = new URLSearchParams(useSearch()).get('user');
  if (!user?.isAdmin)
    return (
      <section>
        <h1 tabIndex={-1}>Admin</h1>
        {user === undefined ? (
          <p>Loading…</p>
        ) : user === null ? (
          <p>
            <Link href="/">Sign in</Link> as an admin to manage people.
          </p>
        ) : (
          <p>This screen is for admins. An admin can give you the role on this screen.</p>
        )}
      </section>
    );
  return (
    <section>
      <h1 tabIndex={-1}>Admin</h1>
      {userId ? (
        <UserDetail userId={userId} />
      ) : (
        <>
          <UsersList />
          <TwoStepRoles />
          <AuditLog />
        </>
      )}
    </section>
  );
}
