import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import type { DocumentList } from '../../api/types';
import { ErrorMessage, Notice } from '../../components/status';
import { describeMembership } from '../../lib/membership-text';
import { Link } from '../../lib/router';
import { useLoad } from '../../lib/use-load';

interface MeterRule {
  resource: string;
  cost: number;
  note?: string;
}

function GrantsForm() {
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [plan, setPlan] = useState('PRO');
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<unknown>();
  const run = async (action: () => Promise<string>) => {
    setError(undefined);
    setNotice(undefined);
    try {
      setNotice(await action());
    } catch (caught) {
      setError(caught);
    }
  };
  const grantTokens = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const answer = await requestJson<{ balance: number }>('/tokens/grant', {
        method: 'POST',
        body: { userId: userId.trim(), amount: Number(amount), reason: reason.trim() || 'admin grant' },
      });
      return `Granted ${amount} tokens; the balance is now ${answer.balance}.`;
    });
  };
  const grantPlan = () =>
    run(async () => {
      const answer = await requestJson<{ membership: { plan: string | null; status: string } }>(
        '/membership/grant',
        {
          method: 'POST',
          body: { userId: userId.trim(), plan: plan === 'none' ? null : plan },
        },
      );
      return `Membership is now ${describeMembership(answer.membership)}.`;
    });
  return (
    <form onSubmit={grantTokens} aria-labelledby="grants-heading">
      <h3 id="grants-heading">Grants</h3>
      <label for="grant-user">
        User id <span class="hint">The account page of that user shows it.</span>
      </label>
      <input
        id="grant-user"
        type="text"
        required
        value={userId}
        onInput={(event) => setUserId(event.currentTarget.value)}
      />
      <div class="columns">
        <div>
          <label for="grant-amount">Tokens</label>
          <input
            id="grant-amount"
            type="number"
            min={1}
            max={1000000}
            step={1}
            value={amount}
            onInput={(event) => setAmount(event.currentTarget.value)}
          />
          <label for="grant-reason">Reason</label>
          <input
            id="grant-reason"
            type="text"
            maxLength={200}
            value={reason}
            onInput={(event) => setReason(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="submit" disabled={!amount}>
              Grant tokens
            </button>
          </div>
        </div>
        <div>
          <label for="grant-plan">Plan</label>
          <select id="grant-plan" value={plan} onChange={(event) => setPlan(event.currentTarget.value)}>
            <option value="STARTER">Starter</option>
            <option value="PRO">Pro</option>
            <option value="UNLIMITED">Unlimited</option>
            <option value="none">None (revoke)</option>
          </select>
          <div class="actions">
            <button type="button" onClick={grantPlan} disabled={!userId.trim()}>
              Set membership
            </button>
          </div>
        </div>
      </div>
      <Notice>{notice}</Notice>
      <ErrorMessage error={error} />
    </form>
  );
}

function MeterRules() {
  const rules = useLoad(
    () => requestJson<DocumentList<MeterRule>>('/db/meter_rules?limit=200&sort=resource'),
    [],
  );
  const [resource, setResource] = useState('');
  const [cost, setCost] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>();
  const act = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
      rules.reload();
    } catch (caught) {
      setError(caught);
    }
  };
  const add = (event: Event) => {
    event.preventDefault();
    void act(async () => {
      await requestJson('/db/meter_rules', {
        method: 'POST',
        body: {
          resource: resource.trim(),
          cost: Number(cost),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
      setResource('');
      setCost('');
      setNote('');
    });
  };
  return (
    <div>
      <h3 id="rules-heading">Meter rules</h3>
      <p class="hint">What one use of a resource costs in tokens; a resource without a rule is free.</p>
      <ErrorMessage error={error ?? rules.error} />
      {rules.data && rules.data.items.length > 0 ? (
        <div class="table-scroll">
          <table aria-labelledby="rules-heading">
            <thead>
              <tr>
                <th scope="col">Resource</th>
                <th scope="col">Cost</th>
                <th scope="col">Note</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rules.data.items.map((rule) => (
                <tr key={rule.id}>
                  <td>
                    <code>{rule.resource}</code>
                  </td>
                  <td>{rule.cost}</td>
                  <td>{rule.note ?? ''}</td>
                  <td>
                    <button
                      type="button"
                      class="danger"
                      aria-label={`Delete the rule for ${rule.resource}`}
                      onClick={() =>
                        act(() =>
                          requestJson(`/db/meter_rules/${encodeURIComponent(rule.id)}`, { method: 'DELETE' }),
                        )
                      }
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No rules: everything is free.</p>
      )}
      <form onSubmit={add}>
        <div class="columns">
          <div>
            <label for="rule-resource">
              Resource <span class="hint">e.g. adapter:spec.validate or feature:dreamer.run</span>
            </label>
            <input
              id="rule-resource"
              type="text"
              required
              value={resource}
              onInput={(event) => setResource(event.currentTarget.value)}
            />
          </div>
          <div>
            <label for="rule-cost">Cost (tokens)</label>
            <input
              id="rule-cost"
              type="number"
              min={0}
              step={1}
              required
              value={cost}
              onInput={(event) => setCost(event.currentTarget.value)}
            />
          </div>
          <div>
            <label for="rule-note">Note</label>
            <input
              id="rule-note"
              type="text"
              value={note}
              onInput={(event) => setNote(event.currentTarget.value)}
            />
          </div>
        </div>
        <div class="actions">
          <button type="submit">Add rule</button>
        </div>
      </form>
    </div>
  );
}

/** For admins: token and membership grants, and the meter's price list. */
export function AdminPanel() {
  return (
    <section class="panel" aria-labelledby="admin-heading">
      <h2 id="admin-heading">Administration</h2>
      <p>
        People are managed on the <Link href="/admin">Admin</Link> screen: find them by email, then change
        roles, grant plans and tokens, revoke sessions and keys, or disable the account.
      </p>
      <GrantsForm />
      <MeterRules />
    </section>
  );
}
