import { useCallback, useEffect, useState } from 'preact/hooks';

/** A value loaded from the API: loading, loaded, or failed with a message. */
export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` when the component mounts and whenever `key` changes; `reload()` runs it again.
 *
 * @example
 * const kinds = useLoad(() => requestJson<{ kinds: KindInfo[] }>('/api/activity/kinds'), []);
 */
export function useLoad<T>(load: () => Promise<T>, key: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) =>
        live &&
        setState({ error: error instanceof Error ? error : new Error(String(error)), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...key, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
