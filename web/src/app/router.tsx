import { type ComponentType, lazy, Suspense } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, matchRoutes, type Params, type RouteObject } from "react-router-dom";
import { Protected, PublicOnly } from "./Guards.tsx";
import { RootLayout } from "./Layout.tsx";
import { ErrorPage } from "./ErrorPage.tsx";
import { chunkLoaded, isReloading, sessionStore } from "./chunk-reload.ts";
import { sessionQuery } from "../lib/session.tsx";
import * as about from "../features/about/pages.ts";
import * as account from "../features/account/pages.ts";
import * as agent from "../features/agent/pages.ts";
import * as auth from "../features/auth/pages.ts";
import * as billing from "../features/billing/pages.ts";
import * as chat from "../features/chat/pages.ts";
import * as digest from "../features/digest/pages.ts";
import * as feed from "../features/feed/pages.ts";
import * as feedback from "../features/feedback/pages.ts";
import * as find from "../features/find/pages.ts";
import * as mediaLinks from "../features/media-links/pages.ts";
import * as onboarding from "../features/onboarding/pages.ts";
import * as profile from "../features/profile/pages.ts";
import * as reader from "../features/reader/pages.ts";
import * as tune from "../features/tune/pages.ts";

/** Asks for a page's first data (its feature's pages.ts), given the route's parameters. */
type Prefetch = (queryClient: QueryClient, params: Params) => Promise<unknown>;

interface PageHandle {
  /** Starts downloading the page's chunk (the browser keeps one copy per module). */
  preload(): Promise<unknown>;
  prefetch?: Prefetch | undefined;
}

/**
 * Each page is its own chunk, fetched when its route is first shown: /login downloads the
 * login form, not the feed, search or onboarding. The shell (layout, guards, session) stays in
 * the entry chunk because every route needs it. A feature offers its pages in its `pages.ts`
 * (loaders, nothing imported up front); the routes below say where each one goes.
 */
function page<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
  prefetch?: Prefetch,
) {
  // One load for the early fetch and the page: Vite fetches a style sheet once per page, so a
  // second load after a failed one would show the page without its styles instead of the error.
  let loading: Promise<M> | undefined;
  const loadOnce = () => (loading ??= load());
  const Page = lazy<ComponentType>(async () => {
    // Nothing when the chunk failed and the page is reloading (chunk-reload.ts): keep showing
    // "Loading..." until it goes.
    const module = (await loadOnce()) as M | undefined;
    if (!module || isReloading()) return new Promise<never>(() => undefined);
    chunkLoaded(sessionStore());
    return { default: module[name] };
  });
  const handle: PageHandle = { preload: loadOnce, prefetch };
  return {
    element: (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    ),
    handle,
  };
}

/** Shown while a page's chunk loads; announced politely to screen readers. */
function PageLoading() {
  return (
    <div className="loading" role="status" aria-live="polite" data-testid="page-loading">
      Loading...
    </div>
  );
}

const pages = {
  landing: about.landing,
  preview: about.preview,
  login: auth.login,
  googleCallback: auth.googleCallback,
  forgotPassword: auth.forgotPassword,
  resetPassword: auth.resetPassword,
  verifyEmail: auth.verifyEmail,
  gettingStarted: onboarding.gettingStarted,
  home: feed.home,
  find: find.find,
  read: reader.read,
  agent: agent.agent,
  tune: tune.tune,
  upgrade: billing.upgrade,
  feedback: feedback.feedback,
  whyGraph: about.whyGraph,
  comingSoon: () => import("./ComingSoon.tsx"),
  notFound: () => import("../components/NotFound.tsx"),
  unsubscribe: digest.unsubscribe,
  unsubscribeSuccess: digest.unsubscribeSuccess,
  youtubeAuthDone: mediaLinks.youtubeAuthDone,
  goodbye: account.goodbye,
  legal: about.legal,
  profile: profile.profile,
  chat: chat.chat,
};

/** Every page, each a chunk of its own; a page that fails shows the error page inside the layout. */
const PAGES: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: "/", ...page(pages.landing, "LandingPage") },
      { path: "/preview", ...page(pages.preview, "PreviewPage") },
      { path: "/login", ...page(pages.login, "LoginPage") },
      { path: "/forgot-password", ...page(pages.forgotPassword, "ForgotPasswordPage") },
      { path: "/reset-password", ...page(pages.resetPassword, "ResetPasswordPage") },
      { path: "/verify-email", ...page(pages.verifyEmail, "VerifyEmailPage") },
    ],
  },
  {
    element: <Protected />,
    children: [
      { path: "/getting-started", ...page(pages.gettingStarted, "GettingStartedPage") },
      { path: "/home", ...page(pages.home, "HomePage", feed.prefetchHome) },
      { path: "/home/tune", ...page(pages.tune, "TunePage") },
      { path: "/home/find", ...page(pages.find, "FindPage") },
      {
        path: "/home/read/:articleId",
        // The article, and the feed for its card (topics, like, silence), both at once.
        ...page(pages.read, "ReaderPage", (client, params) =>
          Promise.all([reader.prefetchRead(client, params.articleId ?? ""), feed.prefetchFeed(client)]),
        ),
      },
      { path: "/home/agent", ...page(pages.agent, "AgentPage") },
      { path: "/home/chat", ...page(pages.chat, "ChatPage") },
      { path: "/home/upgrade", ...page(pages.upgrade, "UpgradePage") },
      { path: "/home/feedback", ...page(pages.feedback, "FeedbackPage") },
      { path: "/home/why-graph", ...page(pages.whyGraph, "WhyGraphPage") },
      { path: "/home/coming-soon", ...page(pages.comingSoon, "ComingSoonPage") },
    ],
  },
  { path: "/terms-of-service", ...page(pages.legal, "TermsPage") },
  { path: "/privacy-policy", ...page(pages.legal, "PrivacyPage") },
  // Outside the guards: it signs the person in itself, then goes on.
  { path: "/login/google/callback", ...page(pages.googleCallback, "GoogleCallbackPage") },
  { path: "/unsubscribe", ...page(pages.unsubscribe, "UnsubscribePage") },
  { path: "/unsubscribe-success", ...page(pages.unsubscribeSuccess, "UnsubscribeSuccessPage") },
  // Outside the guards: the person is signed out as it shows, and it stays.
  { path: "/goodbye", ...page(pages.goodbye, "GoodbyePage") },
  { path: "/oauth/youtube/success", ...page(pages.youtubeAuthDone, "YoutubeAuthSuccessPage") },
  { path: "/profile/*", ...page(pages.profile, "ProfilePathPage") },
  {
    path: "/:username",
    ...page(pages.profile, "UsernameProfilePage", (client, params) =>
      profile.prefetchProfile(client, params.username ?? ""),
    ),
  },
  { path: "*", ...page(pages.notFound, "NotFoundPage") },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Only when the layout itself fails; a page's failure keeps the header (below).
    errorElement: <ErrorPage standalone />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: PAGES,
      },
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  // The guards render the page only once the session check answers; fetching the first page's
  // chunk now, alongside that check, saves a round trip on the first visit. So does asking for
  // the page's data now rather than once its chunk has arrived and rendered: the feed's first
  // picture, the reader's article and a profile are the pages' largest paints. The session
  // (index.html preloads its answer) is every page's: the layout and the guards wait for it.
  void queryClient.prefetchQuery(sessionQuery);
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const handle = match.route.handle as PageHandle | undefined;
    handle?.preload().catch(() => undefined);
    handle?.prefetch?.(queryClient, match.params).catch(() => undefined);
  }
  return createBrowserRouter(routes);
}
