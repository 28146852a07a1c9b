import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router-dom";
import { ApiError } from "../lib/api.ts";
import { sessionQuery } from "../lib/session.tsx";
import { createAppRouter } from "./router.tsx";
import { onPreloadError, sessionStore } from "./chunk-reload.ts";
import { syncThemeAttribute } from "../theme/theme.ts";
import "../styles/app.css";

const host = window.location.hostname;
document.title = host === "localhost" || host === "127.0.0.1" ? "graph (local)" : "graph";
syncThemeAttribute();

// Before the router starts fetching the first page's chunk: a chunk that fails reloads once.
window.addEventListener("vite:preloadError", (event) => {
  onPreloadError(event, {
    online: () => navigator.onLine,
    storage: sessionStore,
    reload: () => window.location.reload(),
  });
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      refetchOnWindowFocus: true,
    },
  },
});

const router = createAppRouter(queryClient);
const root = document.getElementById("root");
if (!root) throw new Error("missing #root");

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task, so a slow phone stays responsive while it starts.
// It waits for the session (index.html preloads it, the router has asked for it): every page's
// layout and guards need it, and until it answers they would only show the "Loading..." that
// index.html already shows; the page it answers for would then be rendered as one long task.
const app = createRoot(root);
const render = () =>
  startTransition(() => {
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
queryClient.fetchQuery(sessionQuery).then(render, render);
