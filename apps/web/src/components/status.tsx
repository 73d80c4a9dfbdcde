import { isApiError } from '../api/http';

/** An error as a person reads it, with the server's code for a bug report. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = isApiError(error) ? error.code : undefined;
  return (
    <p class="error" role="alert">
      {message}
      {code ? <code class="error-code"> {code}</code> : null}
    </p>
  );
}

/** A polite live region: screen readers announce what changed without moving focus. */
export function Notice({ children }: { children: string | undefined | null | false }) {
  return (
    <p class="notice" role="status" aria-live="polite">
      {children || ''}
    </p>
  );
}

/** Formats epoch milliseconds for people, in their own locale. */
export function formatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString();
}
