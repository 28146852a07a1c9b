import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import type { InferResponseType } from "hono/client";
import type { Plan } from "@graph/core/plans/rules";
import { call, setUnauthorizedHandler } from "../../lib/api.ts";
import { client } from "../../lib/client.ts";
import { clearSessionStorageEntries } from "../../lib/storage.ts";

/** `GET /api/check_auth`: signed in (with who and on which plan) or not. */
type CheckAuthResponse = InferResponseType<typeof client.api.check_auth.$get, 200>;

export interface AuthState {
  isAuthenticated: boolean;
  userId: string | null;
  isVerified: boolean;
  plan: Plan | null;
  email: string | null;
  username: string | null;
  isNewUser: boolean;
  isLoading: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Re-reads the session from the server; resolves with the fresh state. */
  login: () => Promise<AuthState>;
  logout: () => Promise<void>;
}

export const AUTH_QUERY_KEY = ["auth", "check"] as const;

const SIGNED_OUT: CheckAuthResponse = { isAuthenticated: false };

function toState(data: CheckAuthResponse | undefined, isLoading: boolean): AuthState {
  if (!data || !data.isAuthenticated) {
    return {
      isAuthenticated: false,
      userId: null,
      isVerified: false,
      plan: null,
      email: null,
      username: null,
      isNewUser: false,
      isLoading,
    };
  }
  return {
    isAuthenticated: true,
    userId: data.userId,
    isVerified: data.isVerified,
    plan: data.plan,
    email: data.email,
    username: data.username,
    isNewUser: data.isNewUser,
    isLoading,
  };
}

async function fetchCheckAuth(): Promise<CheckAuthResponse> {
  try {
    // A 401 here is an answer ("not signed in"), not a session that just ended.
    return await call(client.api.check_auth.$get(), { logoutOn401: false });
  } catch {
    return SIGNED_OUT;
  }
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: fetchCheckAuth,
    staleTime: 60_000,
    retry: false,
  });

  const clearSession = useCallback(() => {
    queryClient.setQueryData<CheckAuthResponse>(AUTH_QUERY_KEY, SIGNED_OUT);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_QUERY_KEY[0] && q.queryKey[0] !== "config" });
    clearSessionStorageEntries();
  }, [queryClient]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearSession();
        navigate("/login", { replace: true });
      }),
    [clearSession, navigate],
  );

  const login = useCallback(async () => {
    const data = await queryClient.fetchQuery({ queryKey: AUTH_QUERY_KEY, queryFn: fetchCheckAuth, staleTime: 0 });
    return toState(data, false);
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await call(client.api.logout.$post(), { logoutOn401: false });
    } catch {
      // the local session is cleared either way
    }
    await queryClient.cancelQueries({ queryKey: AUTH_QUERY_KEY });
    clearSession();
    navigate("/login", { replace: true });
  }, [clearSession, navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...toState(query.data, query.isPending), login, logout }),
    [query.data, query.isPending, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}

/** Where a signed-in person belongs: onboarding while new, else home. */
export function homeFor(state: Pick<AuthState, "isNewUser">): string {
  return state.isNewUser ? "/getting-started" : "/home";
}
