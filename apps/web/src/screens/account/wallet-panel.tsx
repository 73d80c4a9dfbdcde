import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, formatTime } from '../../components/status';
import { useLoad } from '../../lib/use-load';

interface LedgerEntry {
  id: string;
  amount: number;
  reason: string;
  kind: string;
  balanceAfter: number;
  createdAt: number;
}

/** The token wallet: balance and history, newest first, with older pages on demand. */
export function WalletPanel() {
  const balance = useLoad(() => requestJson<{ balance: number }>('/tokens/balance'), []);
  const first = useLoad(
    () => requestJson<{ entries: LedgerEntry[]; nextCursor: string | null }>('/tokens/history?limit=20'),
    [],
  );
  const [older, setOlder] = useState<{ entries: LedgerEntry[]; nextCursor: string | null }>();
  const [error, setError] = useState<unknown>();
  const entries = [...(first.data?.entries ?? []), ...(older?.entries ?? [])];
  const cursor = older ? older.nextCursor : first.data?.nextCursor;
  const loadOlder = async () => {
    if (!cursor) return;
    try {
      const page = await requestJson<{ entries: LedgerEntry[]; nextCursor: string | null }>(
        `/tokens/history?limit=20&cursor=${encodeURIComponent(cursor)}`,
      );
      setOlder({ entries: [...(older?.entries ?? []), ...page.entries], nextCursor: page.nextCursor });
    } catch (caught) {
      setError(caught);
    }
  };
  return (
    <section class="panel" aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">Wallet</h2>
      <p>
        Balance: <strong data-testid="balance">{balance.data ? balance.data.balance : '…'}</strong> tokens
      </p>
      <ErrorMessage error={error ?? balance.error ?? first.error} />
      {entries.length > 0 ? (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">Amount</th>
                <th scope="col">Balance after</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.createdAt)}</td>
                  <td>
                    {entry.reason} <span class="muted">({entry.kind})</span>
                  </td>
                  <td>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</td>
                  <td>{entry.balanceAfter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p class="muted">No entries yet.</p>
      )}
      {cursor ? (
        <div class="actions">
          <button type="button" class="secondary" onClick={loadOlder}>
            Older entries
          </button>
        </div>
      ) : null}
    </section>
  );
}
