/**
 * Who is signed in, for every page: the session as the server sees it (`GET /api/check_auth`),
 * read through `useAuth()`. The shell's provider (app/SessionProvider.tsx) holds it; the header,
 * the guards and a dozen features read it, so it lives here, below all of them.
 */
import { createContext, useContext } from "react";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { call } from "./api.ts";
import { client } from "./client.ts";
import { clearPersonCaches } from "./offline-cache.ts";
import { clearSessionStorageEntries } from "./storage.ts";

/**
 * Every call here is made with `logoutOn401: false`: a 401 from the session check is the answer
 * "signed out", not a session that just ended.
 */
const answer = { logoutOn401: false } as const;

/** `GET /api/check_auth`: signed in (with who and on which plan) or not. */
export type Session = InferResponseType<typeof client.api.check_auth.$get, 200>;

export const SIGNED_OUT: Session = { isAuthenticated: false };

/** The session as the server sees it; signed out when it cannot say (offline, an outage). */
async function readSession(): Promise<Session> {
  try {
    return await call(client.api.check_auth.$get(), answer);
  } catch {
    return SIGNED_OUT;
  }
}

export const sessionQuery = queryOptions({
  queryKey: ["auth", "check"] as const,
  queryFn: readSession,
  staleTime: 60_000,
  retry: false,
});

export const AUTH_QUERY_KEY = sessionQuery.queryKey;

/** What the server lets the page know before sign-in (whether Google sign-in is set up). */
export const publicConfigQuery = queryOptions({
  queryKey: ["config"] as const,
  queryFn: () => call(client.api.config.$get(), answer),
  staleTime: Infinity,
  retry: false,
});

export const logOut = () => call(client.api.logout.$post(), answer);

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

/** Queries that outlive a session: the session itself and the public config. */
const KEPT_ON_SIGN_OUT: ReadonlySet<unknown> = new Set([AUTH_QUERY_KEY[0], publicConfigQuery.queryKey[0]]);

/**
 * Forgets the signed-in person in this tab: the session reads signed out, and their cached
 * answers, the per-person entries stored on this device and the copies kept for reading offline
 * (lib/offline-cache.ts) are dropped.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(AUTH_QUERY_KEY, SIGNED_OUT);
  queryClient.removeQueries({ predicate: (q) => !KEPT_ON_SIGN_OUT.has(q.queryKey[0]) });
  clearSessionStorageEntries();
  void clearPersonCaches();
}

/** The state the pages read, from the server's answer (none yet while it loads). */
export function sessionState(data: Session | undefined, isLoading: boolean): AuthState {
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

/** Provided by the shell (app/SessionProvider.tsx) around every page. */
export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}

/** Where a signed-in person belongs: onboarding while new, else home. */
export function homeFor(state: Pick<AuthState, "isNewUser">): string {
  return state.isNewUser ? "/getting-started" : "/home";
}
