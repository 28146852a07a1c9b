import { useCallback, useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { setUnauthorizedHandler } from "../lib/api.ts";
import {
  AUTH_QUERY_KEY,
  AuthContext,
  type AuthContextValue,
  forgetSession,
  logOut,
  sessionQuery,
  sessionState,
} from "../lib/session.tsx";

/**
 * Holds the session for every page (read with `useAuth()`): a signed-in call answering 401 ends
 * it and goes to /login, and so does logging out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(sessionQuery);

  const clearSession = useCallback(() => forgetSession(queryClient), [queryClient]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        // Signed out in this tab already (the account was just deleted): a call still on its way
        // that answers 401 says nothing new, and must not move the person off the page they are on.
        if (queryClient.getQueryData(AUTH_QUERY_KEY)?.isAuthenticated === false) return;
        clearSession();
        navigate("/login", { replace: true });
      }),
    [clearSession, navigate, queryClient],
  );

  const login = useCallback(async () => {
    const data = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    return sessionState(data, false);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await logOut();
    } catch {
      // the local session is cleared either way
    }
    await queryClient.cancelQueries({ queryKey: AUTH_QUERY_KEY });
    clearSession();
    navigate("/login", { replace: true });
  }, [clearSession, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...sessionState(query.data, query.isPending), login, logout }),
    [query.data, query.isPending, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
