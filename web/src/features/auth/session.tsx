import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { setUnauthorizedHandler } from "../../lib/api.ts";
import { clearSessionStorageEntries } from "../../lib/storage.ts";
import { AUTH_QUERY_KEY, SIGNED_OUT, logOut, publicConfigQuery, sessionQuery, type Session } from "./api.ts";

/** The signed-in answer of `GET /api/check_auth`, whose fields the state carries. */
type SignedIn = Extract<Session, { isAuthenticated: true }>;

export interface AuthState {
  isAuthenticated: boolean;
  userId: SignedIn["userId"] | null;
  isVerified: SignedIn["isVerified"];
  plan: SignedIn["plan"] | null;
  email: SignedIn["email"] | null;
  username: SignedIn["username"] | null;
  isNewUser: SignedIn["isNewUser"];
  isLoading: boolean;
}

export interface AuthContextValue extends AuthState {
  /** Re-reads the session from the server; resolves with the fresh state. */
  login: () => Promise<AuthState>;
  logout: () => Promise<void>;
}

export { AUTH_QUERY_KEY };

/** Queries that outlive a session: the session itself and the public config. */
const KEPT_ON_SIGN_OUT: ReadonlySet<unknown> = new Set([AUTH_QUERY_KEY[0], publicConfigQuery.queryKey[0]]);

/**
 * Forgets the signed-in person in this tab: the session reads signed out, and their cached
 * answers and the per-person entries stored on this device are dropped.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(AUTH_QUERY_KEY, SIGNED_OUT);
  queryClient.removeQueries({ predicate: (q) => !KEPT_ON_SIGN_OUT.has(q.queryKey[0]) });
  clearSessionStorageEntries();
}

function toState(data: Session | undefined, isLoading: boolean): AuthState {
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

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(sessionQuery);

  const clearSession = useCallback(() => forgetSession(queryClient), [queryClient]);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        clearSession();
        navigate("/login", { replace: true });
      }),
    [clearSession, navigate],
  );

  const login = useCallback(async () => {
    const data = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    return toState(data, false);
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
