import { type ComponentType, lazy, Suspense } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { Protected, PublicOnly } from "../components/Guards.tsx";
import { RootLayout } from "../components/Layout.tsx";
import { ErrorPage } from "./ErrorPage.tsx";

/**
 * Each page is its own chunk, fetched when its route is first shown: /login downloads the
 * login form, not the feed, search or onboarding. The shell (layout, guards, auth) stays in
 * the entry chunk because every route needs it.
 */
function page<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
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
  landing: () => import("../pages/Landing.tsx"),
  preview: () => import("../pages/Preview.tsx"),
  login: () => import("../pages/Login.tsx"),
  forgotPassword: () => import("../pages/ForgotPassword.tsx"),
  resetPassword: () => import("../pages/ResetPassword.tsx"),
  verifyEmail: () => import("../pages/VerifyEmail.tsx"),
  gettingStarted: () => import("../pages/onboarding/GettingStarted.tsx"),
  home: () => import("../pages/home/HomePage.tsx"),
  find: () => import("../pages/find/FindPage.tsx"),
  placeholders: () => import("../pages/Placeholders.tsx"),
  feedback: () => import("../pages/Feedback.tsx"),
  whyGraph: () => import("../pages/WhyGraph.tsx"),
  simple: () => import("../pages/Simple.tsx"),
  legal: () => import("../pages/Legal.tsx"),
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/", element: page(pages.landing, "LandingPage") },
          { path: "/preview", element: page(pages.preview, "PreviewPage") },
          { path: "/login", element: page(pages.login, "LoginPage") },
          { path: "/forgot-password", element: page(pages.forgotPassword, "ForgotPasswordPage") },
          { path: "/reset-password", element: page(pages.resetPassword, "ResetPasswordPage") },
          { path: "/verify-email", element: page(pages.verifyEmail, "VerifyEmailPage") },
        ],
      },
      {
        element: <Protected />,
        children: [
          { path: "/getting-started", element: page(pages.gettingStarted, "GettingStartedPage") },
          { path: "/home", element: page(pages.home, "HomePage") },
          { path: "/home/tune", element: page(pages.placeholders, "TunePage") },
          { path: "/home/find", element: page(pages.find, "FindPage") },
          { path: "/home/chat", element: page(pages.placeholders, "ChatPage") },
          { path: "/home/upgrade", element: page(pages.placeholders, "UpgradePage") },
          { path: "/home/feedback", element: page(pages.feedback, "FeedbackPage") },
          { path: "/home/why-graph", element: page(pages.whyGraph, "WhyGraphPage") },
          { path: "/home/coming-soon", element: page(pages.simple, "ComingSoonPage") },
        ],
      },
      { path: "/terms-of-service", element: page(pages.legal, "TermsPage") },
      { path: "/privacy-policy", element: page(pages.legal, "PrivacyPage") },
      { path: "/unsubscribe-success", element: page(pages.simple, "UnsubscribeSuccessPage") },
      { path: "/oauth/youtube/success", element: page(pages.simple, "YoutubeAuthSuccessPage") },
      { path: "/profile/*", element: page(pages.placeholders, "ProfileRoute") },
      { path: "/:username", element: page(pages.placeholders, "UsernameRoute") },
      { path: "*", element: page(pages.simple, "NotFoundPage") },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
