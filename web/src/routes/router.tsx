import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router-dom";
import { Protected, PublicOnly } from "../components/Guards.tsx";
import { RootLayout } from "../components/Layout.tsx";
import { ErrorPage } from "./ErrorPage.tsx";

interface PageHandle {
  /** Starts downloading the page's chunk (the browser keeps one copy per module). */
  preload(): Promise<unknown>;
}

/**
 * Each page is its own chunk, fetched when its route is first shown: /login downloads the
 * login form, not the feed, search or onboarding. The shell (layout, guards, auth) stays in
 * the entry chunk because every route needs it.
 */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  const handle: PageHandle = { preload: load };
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
  landing: () => import("../features/about/Landing.tsx"),
  preview: () => import("../features/about/Preview.tsx"),
  login: () => import("../features/auth/Login.tsx"),
  googleCallback: () => import("../features/auth/GoogleCallback.tsx"),
  forgotPassword: () => import("../features/auth/ForgotPassword.tsx"),
  resetPassword: () => import("../features/auth/ResetPassword.tsx"),
  verifyEmail: () => import("../features/auth/VerifyEmail.tsx"),
  gettingStarted: () => import("../features/onboarding/GettingStarted.tsx"),
  home: () => import("../features/feed/HomePage.tsx"),
  find: () => import("../features/find/FindPage.tsx"),
  tune: () => import("../features/tune/TunePage.tsx"),
  upgrade: () => import("../features/billing/UpgradePage.tsx"),
  feedback: () => import("../features/feedback/Feedback.tsx"),
  whyGraph: () => import("../features/about/WhyGraph.tsx"),
  simple: () => import("./Simple.tsx"),
  unsubscribe: () => import("../features/digest/Unsubscribe.tsx"),
  legal: () => import("../features/about/Legal.tsx"),
  profile: () => import("../features/profile/public/ProfilePage.tsx"),
  chat: () => import("../features/chat/ChatPage.tsx"),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
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
          { path: "/home", ...page(pages.home, "HomePage") },
          { path: "/home/tune", ...page(pages.tune, "TunePage") },
          { path: "/home/find", ...page(pages.find, "FindPage") },
          { path: "/home/chat", ...page(pages.chat, "ChatPage") },
          { path: "/home/upgrade", ...page(pages.upgrade, "UpgradePage") },
          { path: "/home/feedback", ...page(pages.feedback, "FeedbackPage") },
          { path: "/home/why-graph", ...page(pages.whyGraph, "WhyGraphPage") },
          { path: "/home/coming-soon", ...page(pages.simple, "ComingSoonPage") },
        ],
      },
      { path: "/terms-of-service", ...page(pages.legal, "TermsPage") },
      { path: "/privacy-policy", ...page(pages.legal, "PrivacyPage") },
      // Outside the guards: it signs the person in itself, then goes on.
      { path: "/login/google/callback", ...page(pages.googleCallback, "GoogleCallbackPage") },
      { path: "/unsubscribe", ...page(pages.unsubscribe, "UnsubscribePage") },
      { path: "/unsubscribe-success", ...page(pages.simple, "UnsubscribeSuccessPage") },
      { path: "/oauth/youtube/success", ...page(pages.simple, "YoutubeAuthSuccessPage") },
      { path: "/profile/*", ...page(pages.profile, "ProfilePathPage") },
      { path: "/:username", ...page(pages.profile, "UsernameProfilePage") },
      { path: "*", ...page(pages.simple, "NotFoundPage") },
    ],
  },
];

export function createAppRouter() {
  // The guards render the page only once the session check answers; fetching the first page's
  // chunk now, alongside that check, saves a round trip on the first visit.
  for (const match of matchRoutes(routes, window.location) ?? []) {
    (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined);
  }
  return createBrowserRouter(routes);
}
