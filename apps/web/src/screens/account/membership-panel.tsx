import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime } from '../../components/status';
import { describeMembership, nameFeatures } from '../../lib/membership-text';
import { useLoad } from '../../lib/use-load';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface Plan {
  id: string;
  name: string;
  features: string[];
  tokensPerPeriod: number;
  available: boolean;
}

interface Membership {
  plan: string | null;
  status: string;
  features: string[];
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  source: 'stripe' | 'grant' | null;
}

/** Membership: plans, the caller's status, and checkout, billing portal and cancel through Stripe when configured. */
export function MembershipPanel() {
  const plans = useLoad(
    () =>
      requestJson<{
        plans: Plan[];
        packs: { id: string; tokens: number; available: boolean }[];
        purchasable: boolean;
      }>('/membership/plans'),
    [],
  );
  const membership = useLoad(() => requestJson<Membership>('/membership'), []);
  const [error, setError] = useState<unknown>();
  const go = async (path: string, body?: unknown) => {
    setError(undefined);
    try {
      const answer = await requestJson<{ url?: string }>(path, { method: 'POST', ...(body ? { body } : {}) });
      if (answer?.url) window.location.assign(answer.url);
      else membership.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  const current = membership.data;
  return (
    <section class="panel" aria-labelledby="membership-heading">
      <h2 id="membership-heading">Membership</h2>
      {current ? (
        <p>
          Membership: <strong>{describeMembership(current, plans.data?.plans)}</strong>
          {current.features.length > 0 ? `; it includes ${nameFeatures(current.features)}` : ''}
          {current.periodEnd ? `, until ${formatTime(current.periodEnd)}` : ''}
          {current.cancelAtPeriodEnd ? ' — cancels at the end of the period' : ''}.
        </p>
      ) : null}
      {current?.source === 'stripe' ? (
        <div class="actions">
          <button type="button" class="secondary" onClick={() => go('/membership/portal')}>
            Manage billing
          </button>
          {current.cancelAtPeriodEnd ? null : (
            <button type="button" class="danger" onClick={() => go('/membership/cancel')}>
              Cancel at period end
            </button>
          )}
        </div>
      ) : null}
      <ErrorMessage error={error ?? plans.error ?? membership.error} />
      {plans.data ? (
        <>
          {plans.data.purchasable ? null : (
            <p class="muted">Payments are not configured on this server; an admin can grant plans.</p>
          )}
          <div class="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Plan</th>
                  <th scope="col">Features</th>
                  <th scope="col">Tokens per period</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {plans.data.plans.map((plan) => (
                  <tr key={plan.id}>
                    <td>{plan.name}</td>
                    <td>{plan.features.length > 0 ? capitalize(nameFeatures(plan.features)) : '—'}</td>
                    <td>{plan.tokensPerPeriod.toLocaleString()}</td>
                    <td>
                      {plan.available && current?.plan !== plan.id ? (
                        <button type="button" onClick={() => go('/membership/checkout', { plan: plan.id })}>
                          Choose {plan.name}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {plans.data.packs.some((pack) => pack.available) ? (
            <div class="actions">
              {plans.data.packs
                .filter((pack) => pack.available)
                .map((pack) => (
                  <button
                    key={pack.id}
                    type="button"
                    class="secondary"
                    onClick={() => go('/membership/checkout', { pack: pack.id })}
                  >
                    Buy {pack.tokens} tokens
                  </button>
                ))}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
