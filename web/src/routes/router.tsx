import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { Protected, PublicOnly } from "../components/Guards.tsx";
import { RootLayout } from "../components/Layout.tsx";
import { FeedbackPage } from "../pages/Feedback.tsx";
import { ForgotPasswordPage } from "../pages/ForgotPassword.tsx";
import { LandingPage } from "../pages/Landing.tsx";
import { PrivacyPage, TermsPage } from "../pages/Legal.tsx";
import { LoginPage } from "../pages/Login.tsx";
import { HomePage } from "../pages/home/HomePage.tsx";
import { GettingStartedPage } from "../pages/onboarding/GettingStarted.tsx";
import { FindPage } from "../pages/find/FindPage.tsx";
import { ChatPage, ProfileRoute, TunePage, UpgradePage, UsernameRoute } from "../pages/Placeholders.tsx";
import { PreviewPage } from "../pages/Preview.tsx";
import { ResetPasswordPage } from "../pages/ResetPassword.tsx";
import { ComingSoonPage, NotFoundPage, UnsubscribeSuccessPage, YoutubeAuthSuccessPage } from "../pages/Simple.tsx";
import { VerifyEmailPage } from "../pages/VerifyEmail.tsx";
import { WhyGraphPage } from "../pages/WhyGraph.tsx";
import { ErrorPage } from "./ErrorPage.tsx";

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: "/", element: <LandingPage /> },
          { path: "/preview", element: <PreviewPage /> },
          { path: "/login", element: <LoginPage /> },
          { path: "/forgot-password", element: <ForgotPasswordPage /> },
          { path: "/reset-password", element: <ResetPasswordPage /> },
          { path: "/verify-email", element: <VerifyEmailPage /> },
        ],
      },
      {
        element: <Protected />,
        children: [
          { path: "/getting-started", element: <GettingStartedPage /> },
          { path: "/home", element: <HomePage /> },
          { path: "/home/tune", element: <TunePage /> },
          { path: "/home/find", element: <FindPage /> },
          { path: "/home/chat", element: <ChatPage /> },
          { path: "/home/upgrade", element: <UpgradePage /> },
          { path: "/home/feedback", element: <FeedbackPage /> },
          { path: "/home/why-graph", element: <WhyGraphPage /> },
          { path: "/home/coming-soon", element: <ComingSoonPage /> },
        ],
      },
      { path: "/terms-of-service", element: <TermsPage /> },
      { path: "/privacy-policy", element: <PrivacyPage /> },
      { path: "/unsubscribe-success", element: <UnsubscribeSuccessPage /> },
      { path: "/oauth/youtube/success", element: <YoutubeAuthSuccessPage /> },
      { path: "/profile/*", element: <ProfileRoute /> },
      { path: "/:username", element: <UsernameRoute /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
