import { useEffect, useState } from 'preact/hooks';

/**
 * The "validating…" state: what is being checked, the seconds so far (so a long check visibly
 * lives), an indeterminate bar, and Cancel, which terminates the worker at once.
 */
export function CheckProgress({ label, onCancel }: { label: string; onCancel(): void }) {
  const [started] = useState(() => performance.now());
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setSeconds((performance.now() - started) / 1000), 500);
    return () => clearInterval(timer);
  }, [started]);
  return (
    <div class="check-progress">
      <p class="check-status">
        {label}…{' '}
        {seconds >= 1 ? (
          <span class="muted" aria-hidden="true">
            {seconds.toFixed(0)} s
          </span>
        ) : null}
      </p>
      <progress aria-label={label} />
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
