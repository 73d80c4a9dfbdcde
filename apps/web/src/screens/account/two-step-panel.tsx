import { useState } from 'preact/hooks';
import { requestJson } from '../../api/http';
import { ErrorMessage, Notice } from '../../components/status';
import { RecoveryCodesShown, TotpEnrolmentCard, type TotpEnrolmentView } from '../../components/two-step';
import { useLoad } from '../../lib/use-load';

interface TwoStepStatus {
  totp: 'off' | 'pending' | 'on';
  recoveryCodesLeft: number;
  requiredByRole: boolean;
  passkey: boolean;
}

/** Reads a proof field: six digits are a code, anything else with a dash a recovery code, else the password. */
function toProof(value: string): { code: string } | { recoveryCode: string } | { password: string } {
  const trimmed = value.trim();
  if (/^\d{6}$/.test(trimmed)) return { code: trimmed };
  if (/^[a-z0-9]{5}-[a-z0-9]{5}$/i.test(trimmed)) return { recoveryCode: trimmed };
  return { password: value };
}

/** Account → Two-step sign-in: enrol an authenticator app, recovery codes, turn it off. Docs: docs/gate/auth.md. */
export function TwoStepPanel() {
  const status = useLoad(() => requestJson<TwoStepStatus>('/auth/second-factor'), []);
  const [enrolment, setEnrolment] = useState<TotpEnrolmentView>();
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const act = async (work: () => Promise<void>) => {
    setError(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    }
  };
  const begin = () =>
    act(async () =>
      setEnrolment(await requestJson<TotpEnrolmentView>('/auth/second-factor/totp', { method: 'POST' })),
    );
  const confirm = (event: Event) => {
    event.preventDefault();
    return act(async () => {
      const answer = await requestJson<{ recoveryCodes: string[] }>('/auth/second-factor/totp/confirm', {
        method: 'POST',
        body: { code: code.trim() },
      });
      setEnrolment(undefined);
      setCode('');
      setCodes(answer.recoveryCodes);
      status.reload();
    });
  };
  const regenerate = () =>
    act(async () => {
      const answer = await requestJson<{ recoveryCodes: string[] }>('/auth/second-factor/recovery-codes', {
        method: 'POST',
        body: toProof(proof),
      });
      setProof('');
      setCodes(answer.recoveryCodes);
      status.reload();
    });
  const remove = () =>
    act(async () => {
      await requestJson('/auth/second-factor/totp/remove', { method: 'POST', body: toProof(proof) });
      setProof('');
      setNotice('Two-step sign-in is off.');
      status.reload();
    });
  const state = status.data;
  return (
    <section class="panel" aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">Two-step sign-in</h2>
      {codes ? <RecoveryCodesShown codes={codes} onDone={() => setCodes(undefined)} /> : null}
      {state?.passkey ? (
        <p>Your passkeys also answer the second step after your password (see Passkeys).</p>
      ) : null}
      {state?.requiredByRole && state.totp !== 'on' && !state.passkey ? (
        <p>Your role requires two-step sign-in: you will be asked to set it up at your next sign-in.</p>
      ) : null}
      {state && state.totp !== 'on' && !codes ? (
        enrolment ? (
          <form onSubmit={confirm}>
            <TotpEnrolmentCard enrolment={enrolment} />
            <label for="two-step-confirm">Code from the app, to confirm</label>
            <input
              id="two-step-confirm"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={8}
              value={code}
              onInput={(event) => setCode(event.currentTarget.value)}
            />
            <div class="actions">
              <button type="submit">Turn on</button>
            </div>
          </form>
        ) : (
          <>
            <p class="muted">
              Off. With it on, signing in asks for a code from an authenticator app after the password.
            </p>
            <div class="actions">
              <button type="button" onClick={begin}>
                Set up an authenticator app
              </button>
            </div>
          </>
        )
      ) : null}
      {state?.totp === 'on' ? (
        <>
          <p>
            On. Recovery codes left:{' '}
            <strong data-testid="recovery-codes-left">{state.recoveryCodesLeft}</strong>
          </p>
          <label for="two-step-proof">Current code, a recovery code or your password</label>
          <input
            id="two-step-proof"
            type="password"
            autoComplete="off"
            value={proof}
            onInput={(event) => setProof(event.currentTarget.value)}
          />
          <div class="actions">
            <button type="button" class="secondary" disabled={!proof} onClick={regenerate}>
              New recovery codes
            </button>
            <button type="button" class="danger" disabled={!proof} onClick={remove}>
              Turn off
            </button>
          </div>
        </>
      ) : null}
      <ErrorMessage error={error ?? status.error} />
      <Notice>{notice}</Notice>
    </section>
  );
}
