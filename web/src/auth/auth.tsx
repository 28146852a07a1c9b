import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { api, setUnauthorizedHandler } from "../lib/api.ts";
import { clearSessionStorageEntries } from "../lib/storage.ts";

export type Plan = "free" | "pro" | "team";

export type CheckAuthResponse =
  | {
      isAuthenticated: true;
      userId: string;
      isVerified: boolean;
      plan: Plan;
      email: string;
      username: string;
      isNewUser: boolean;
    }
  | { isAuthenticated: false };

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
    return await api.get<CheckAuthResponse>("/api/check_auth");
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
      await api.post("/api/logout");
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
