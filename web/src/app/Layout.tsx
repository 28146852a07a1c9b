import { Outlet, ScrollRestoration } from "react-router-dom";
import { AuthProvider } from "./SessionProvider.tsx";
import { NotificationProvider, ChatRealtime } from "../features/chat/index.ts";
import { UpgradeConfirmation } from "../features/billing/index.ts";
import { Header } from "./Header.tsx";
import { ToastProvider } from "../components/Toasts.tsx";
import { ConfirmProvider } from "../components/Confirm.tsx";
import { OfflineBanner } from "../components/OfflineBanner.tsx";
import { UpdatePrompt } from "../features/offline/index.ts";

export function RootLayout() {
  return (
    <AuthProvider>
      <ToastProvider>
        <ConfirmProvider>
          <NotificationProvider>
            <a className="skip-link" href="#main">
              skip to content
            </a>
            <ChatRealtime />
            <OfflineBanner />
            <Header />
            <main id="main" className="site-main" tabIndex={-1}>
              <UpgradeConfirmation />
              <Outlet />
            </main>
            <ScrollRestoration />
            <UpdatePrompt />
          </NotificationProvider>
        </ConfirmProvider>
      </ToastProvider>
    </AuthProvider>
  );
}
