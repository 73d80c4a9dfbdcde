// Pieces of two-step sign-in (issue 27) shared by the sign-in form's code step and the Account
// panel: the authenticator enrolment (QR code and key) and the recovery codes shown once.

/** What the server answers for an enrolment: the key, its otpauth URI and the URI as a QR code. */
export interface TotpEnrolmentView {
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/** The QR code to scan and the key to type, for an authenticator app. */
export function TotpEnrolmentCard({ enrolment }: { enrolment: TotpEnrolmentView }) {
  return (
    <div class="two-step-enrolment">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code of the authenticator key: scan it with your authenticator app"
        width={180}
        height={180}
      />
      <p>Scan the code with an authenticator app (any app for 6-digit codes), or type this key into it:</p>
      <p class="secret" data-testid="totp-secret">
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </p>
    </div>
  );
}

/** Recovery codes, shown this once, with copy and download. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = () => void navigator.clipboard?.writeText(text);
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <div role="alert" class="recovery-codes">
      <p>
        Your recovery codes. Keep them somewhere safe: <strong>they are shown only once</strong>, and each
        works once in place of a code if you lose your authenticator.
      </p>
      <ul class="secret" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div class="actions">
        <button type="button" class="secondary" onClick={copy}>
          Copy
        </button>
        <a class="button secondary" href={download} download="recovery-codes.txt">
          Download
        </a>
        <button type="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
