import { createHash } from 'node:crypto';

// The page the mailed verification link opens. Opening it changes nothing (mail scanners and
// link previews fetch links): the person presses the button, and the script POSTs the token
// from the address bar to /auth/verify. The token is never written into the HTML.
const SCRIPT = `
const token = new URLSearchParams(location.search).get('token') || '';
const status = document.getElementById('status');
document.getElementById('confirm').addEventListener('click', async (event) => {
  event.target.disabled = true;
  status.textContent = 'Confirming…';
  try {
    const response = await fetch('verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const body = await response.json();
    status.textContent = response.ok ? 'Your email address is confirmed. You can log in now.' : body.error.message;
  } catch {
    status.textContent = 'The server could not be reached. Try again.';
    event.target.disabled = false;
  }
});
`;

/** The confirmation page served by `GET /auth/verify`. */
export const VERIFY_PAGE_HTML = `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your email address</title>
<main>
<h1>Confirm your email address</h1>
<p><button id="confirm" type="button">Confirm my email address</button></p>
<p id="status" role="status"></p>
</main>
<script>${SCRIPT}</script>
</html>
`;

/**
 * Headers of the page: only its own inline script may run (by hash), it may only call this
 * origin, it cannot be framed, and the token in its address is neither cached nor sent on as a
 * Referer.
 */
export const VERIFY_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'content-security-policy': `default-src 'none'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
} as const;
