import { type FormEvent, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router-dom";
import { AGENT_LIMITS } from "@graph/core/modules/agent/rules";
import { SearchField } from "../../components/SearchField.tsx";
import { ApiError } from "../../lib/api.ts";
import { useAuth } from "../../lib/session.tsx";
import { APPROVAL_TEXT, suggestFeed, suggestionsQuery } from "../sources/index.ts";
import { addTopics } from "../topics/index.ts";
import { agentSearchQuery, agentSearchesQuery, startAgentSearch } from "./api.ts";
import { type AgentSearch, fetchesText, STATUS_MARK, STEP_LABEL, waitOf, waitText } from "./agent.ts";
import "./agent.css";

/**
 * `/home/agent` — agentic search: a query that graph widens with what it has learned, searches in
 * its own articles, then outside (Hacker News, and the feeds of the sites found there), showing
 * each step as it happens and each result with the steps that found it. Each search spends one
 * of the plan's agent fetches a day; the search being shown is in the address (`?id=`).
 */
export function AgentPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get("id");
  const [text, setText] = useState(() => params.get("q") ?? "");
  const inputId = useId();
  const queryClient = useQueryClient();
  const searches = useQuery(agentSearchesQuery());
  const search = useQuery(agentSearchQuery(id));

  const start = useMutation({
    mutationFn: startAgentSearch,
    onSuccess: ({ id: started }) => {
      setParams({ id: started });
      void queryClient.invalidateQueries({ queryKey: agentSearchesQuery().queryKey });
    },
    onError: (error) => {
      if (waitOf(error) !== null) void queryClient.invalidateQueries({ queryKey: agentSearchesQuery().queryKey });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < AGENT_LIMITS.minQuery) return;
    start.mutate(text.trim());
  };

  const wait = waitOf(start.error);
  const fetches = searches.data?.fetches;

  return (
    <div className="page agent" data-testid="agent-page">
      <h1 className="agent__title">agentic search</h1>
      <p className="fine-print">
        graph widens your search with what it has learned, looks in its own articles, then on Hacker News and the sites
        it finds there. <Link to="/home/find">back to find</Link>
      </p>
      <form role="search" className="agent__form" onSubmit={onSubmit} aria-label="agentic search">
        <label htmlFor={inputId} className="visually-hidden">
          what to search for
        </label>
        <SearchField
          id={inputId}
          enterKeyHint="search"
          value={text}
          maxLength={AGENT_LIMITS.maxQuery}
          placeholder="a subject, e.g. beekeeping"
          onChange={(event) => setText(event.target.value)}
          data-testid="agent-input"
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={start.isPending || text.trim().length < AGENT_LIMITS.minQuery}
          data-testid="agent-start"
        >
          search
        </button>
      </form>
      {fetches && (
        <p className="fine-print" data-testid="agent-fetches">
          {fetchesText(fetches)}
        </p>
      )}
      {wait !== null && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-wait">
          {start.error instanceof ApiError ? start.error.message : ""} try again in {waitText(wait)}.
        </p>
      )}
      {start.isError && wait === null && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-failed">
          {start.error instanceof ApiError && start.error.status === 400
            ? start.error.message
            : "couldn't start the search. please try again."}
        </p>
      )}
      {search.data && <SearchView search={search.data} />}
      {search.isError && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-missing">
          this search is not there (searches are kept for {AGENT_LIMITS.keepDays} days).
        </p>
      )}
    </div>
  );
}

function SearchView({ search }: { search: AgentSearch }) {
  return (
    <section
      className="agent__search"
      aria-label={`search for ${search.query}`}
      data-status={search.status}
      data-testid="agent-search"
    >
      <h2 className="agent__query">“{search.query}”</h2>
      <ol className="agent__steps" aria-live="polite" data-testid="agent-steps">
        {search.steps.map((step) => (
          <li
            key={step.kind}
            className={`agent__step agent__step--${step.status}`}
            data-testid="agent-step"
            data-kind={step.kind}
            data-status={step.status}
          >
            <span className="agent__mark" aria-hidden="true">
              {STATUS_MARK[step.status]}
            </span>
            <span className="agent__step-label">{STEP_LABEL[step.kind]}:</span> {step.summary}
          </li>
        ))}
      </ol>
      {search.status === "running" && (
        <p className="fine-print" role="status" data-testid="agent-running">
          working…
        </p>
      )}
      {search.status === "failed" && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-search-failed">
          this search broke off. please try again.
        </p>
      )}
      {search.status === "done" && (
        <>
          <FollowQuery query={search.query} />
          {search.newSources.length > 0 && <NewSources sources={search.newSources} />}
          <Results results={search.results} />
        </>
      )}
    </section>
  );
}

function Results({ results }: { results: AgentSearch["results"] }) {
  if (results.length === 0)
    return (
      <p className="fine-print" data-testid="agent-no-results">
        nothing found. try other words.
      </p>
    );
  return (
    <ol className="agent__results" aria-label="results" data-testid="agent-results">
      {results.map((result) => (
        <li key={result.link} className="agent__result" data-testid="agent-result" data-in-graph={result.inGraph}>
          <a href={result.link} target="_blank" rel="noopener noreferrer" className="agent__result-title">
            {result.title}
          </a>
          <span className="fine-print agent__result-source">{result.source}</span>
          <ul className="agent__reasons" aria-label="found">
            {result.reasons.map((reason) => (
              <li key={reason} className="agent__reason" data-testid="agent-reason">
                {reason}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** Follows the query as a topic, through the topics' own rules and limits. */
function FollowQuery({ query }: { query: string }) {
  const queryClient = useQueryClient();
  const follow = useMutation({
    mutationFn: () => addTopics([query]),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["topics"] }),
  });
  return (
    <div className="agent__follow">
      <button
        type="button"
        className="button button--outline"
        disabled={follow.isPending || follow.isSuccess}
        onClick={() => follow.mutate()}
        data-testid="agent-follow"
      >
        {follow.isSuccess ? `following “${query}”` : `follow “${query}” as a topic`}
      </button>
      {follow.isError && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-follow-failed">
          {follow.error instanceof ApiError && follow.error.status < 500
            ? follow.error.message
            : "couldn't follow it. please try again."}
        </p>
      )}
    </div>
  );
}

/** The new sources found outside: each can be suggested, and its check is followed as on the feed tab. */
function NewSources({ sources }: { sources: AgentSearch["newSources"] }) {
  return (
    <section className="agent__sources" aria-label="new sources" data-testid="agent-new-sources">
      <h3 className="agent__subtitle">new sources</h3>
      <ul>
        {sources.map((source) => (
          <NewSource key={source.feedUrl} source={source} />
        ))}
      </ul>
    </section>
  );
}

function NewSource({ source }: { source: AgentSearch["newSources"][number] }) {
  const { userId } = useAuth();
  const queryClient = useQueryClient();
  const listKey = suggestionsQuery(userId ?? "").queryKey;
  const suggest = useMutation({
    mutationFn: () => suggestFeed({ sourceLink: source.siteUrl, sourceRss: source.feedUrl }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: listKey, exact: true }),
  });
  // The suggestion's state as the list reads it (polled while it is pending), else as answered.
  const list = useQuery({ ...suggestionsQuery(userId ?? ""), enabled: suggest.isSuccess && userId !== null });
  const made = suggest.data;
  const state = list.data?.find((s) => s.id === made?.id)?.approval_state ?? made?.approval_state;
  return (
    <li className="agent__source" data-testid="agent-new-source">
      <span className="agent__source-name">{source.name}</span>{" "}
      <a href={source.siteUrl} target="_blank" rel="noopener noreferrer" className="fine-print">
        {source.siteUrl}
      </a>{" "}
      {state ? (
        <span className="agent__source-state" data-testid="agent-suggestion-state">
          {APPROVAL_TEXT[state]}
        </span>
      ) : (
        <button
          type="button"
          className="button button--outline"
          disabled={suggest.isPending}
          onClick={() => suggest.mutate()}
          data-testid="agent-suggest"
        >
          suggest this source
        </button>
      )}
      {suggest.isError && (
        <p className="agent__problem" role="alert" data-alerted="" data-testid="agent-suggest-failed">
          {suggest.error instanceof ApiError && suggest.error.status < 500
            ? suggest.error.message
            : "couldn't suggest that source. please try again."}
        </p>
      )}
    </li>
  );
}
