import { useEffect, useState } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { useOnline } from "../components/online.ts";
import { isChunkLoadError } from "./chunk-reload.ts";

type Problem = "offline" | "updated" | "not-found" | "broken";

const TEXT: Record<Problem, { title: string; lede: string }> = {
  offline: {
    title: "you are offline",
    lede: "this page could not load without a connection. it loads by itself when you are back online.",
  },
  updated: {
    title: "graph was updated",
    lede: "a new version of graph is out and this page is part of it. reload to get it.",
  },
  "not-found": { title: "404 Not Found", lede: "there is nothing at this address." },
  broken: { title: "something went wrong", lede: "this page stopped working. trying again usually helps." },
};

function problemOf(error: unknown, online: boolean): Problem {
  if (isRouteErrorResponse(error)) return error.status === 404 ? "not-found" : "broken";
  if (!online) return "offline";
  return isChunkLoadError(error) ? "updated" : "broken";
}

/**
 * What a page that failed shows: the header and menu stay (this is the pages' error element,
 * inside the layout), and the person reads what happened in words, with a retry. A page's code
 * that failed to load is a new deploy or a lost connection (the page has already reloaded once
 * by itself, see chunk-reload.ts); offline, it reloads as soon as the connection is back.
 */
export function ErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  // A page that failed offline waits for the connection, then reloads (below).
  const [failedOffline] = useState(() => !navigator.onLine);
  const online = useOnline();
  const problem = problemOf(error, online && !failedOffline);
  const text = TEXT[problem];

  useEffect(() => console.error("page failed", error), [error]);

  useEffect(() => {
    if (!failedOffline) return;
    const back = () => window.location.reload();
    window.addEventListener("online", back);
    return () => window.removeEventListener("online", back);
  }, [failedOffline]);

  const body = (
    <section
      className="page page--center"
      aria-labelledby="error-heading"
      data-testid="app-error"
      data-problem={problem}
    >
      <h1 id="error-heading" className="page__title">
        {text.title}
      </h1>
      <p className="lede">{text.lede}</p>
      <p className="error-actions">
        {problem !== "not-found" && (
          <button
            type="button"
            className="button button--primary"
            data-testid="error-retry"
            onClick={() => window.location.reload()}
          >
            {problem === "updated" ? "reload" : "try again"}
          </button>
        )}{" "}
        <a href="/" className="button button--outline">
          back to home
        </a>
      </p>
    </section>
  );
  return standalone ? <main className="site-main">{body}</main> : body;
}
