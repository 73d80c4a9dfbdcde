import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage } from '../../components/status';
import { useLoad } from '../../lib/use-load';

interface RoleRequirement {
  role: string;
  required: boolean;
}

/** Admin → which roles must use two-step sign-in (`PUT /auth/second-factor/roles/{role}`). */
export function TwoStepRoles() {
  const roles = useLoad(() => requestJson<{ roles: RoleRequirement[] }>('/auth/second-factor/roles'), []);
  const [error, setError] = useState<unknown>();
  const toggle = async (entry: RoleRequirement) => {
    setError(undefined);
    try {
      await requestJson(`/auth/second-factor/roles/${encodeURIComponent(entry.role)}`, {
        method: 'PUT',
        body: { required: !entry.required },
      });
      roles.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section class="panel" aria-labelledby="two-step-roles-heading">
      <h2 id="two-step-roles-heading">Two-step sign-in by role</h2>
      <p class="muted">
        Members of a checked role must use two-step sign-in: those without it set it up at their next sign-in.
        API keys are not affected.
      </p>
      {roles.data?.roles.map((entry) => (
        <label key={entry.role} class="checkbox">
          <input type="checkbox" checked={entry.required} onChange={() => void toggle(entry)} /> {entry.role}
        </label>
      ))}
      <ErrorMessage error={error ?? roles.error} />
    </section>
  );
}
