import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import type { DocumentList } from '../../api/types';
import { ErrorMessage } from '../../components/status';
import { Link } from '../../lib/router';
import { useLoad } from '../../lib/use-load';

interface MeterRule {
  resource: string;
  cost: number;
  note?: string;
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

/** For admins: where people are managed, and the meter's price list. */
export function AdminPanel() {
  return (
    <section class="panel" aria-labelledby="admin-heading">
      <h2 id="admin-heading">Administration</h2>
      <p>
        People are managed on the <Link href="/admin">Admin</Link> screen: find them by email, then change
        roles, grant plans and tokens, revoke sessions and keys, or disable the account. Prices are set here.
      </p>
      <MeterRules />
    </section>
  );
}
