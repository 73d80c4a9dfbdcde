import { type ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { requestJson } from '../api/http';
import type { SessionUser } from '../api/types';

/** What every screen knows about the signed-in user. */
export interface SessionState {
  /** `undefined` while the first `GET /auth/session` is on its way. */
  user: SessionUser | null | undefined;
  /** Reads `GET /auth/session` again (after sign-in, sign-out, a membership grant…). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionState>({ user: undefined, refresh: async () => {} });

/** Provides {@link useSession} to the app; reads the session once at start. */
export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      const answer = await requestJson<{ user: SessionUser | null }>('/auth/session');
      setUser(answer.user);
    } catch {
      setUser(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <SessionContext.Provider value={{ user, refresh }}>{children}</SessionContext.Provider>;
}

/** The session of the console. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
