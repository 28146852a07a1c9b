import { Link } from "react-router-dom";
import { PLAN_LIMITS, PLANS } from "@graph/core/lib/plans/rules";
import { MIN_QUERY_LENGTH } from "@graph/core/modules/search/rules";
import { useAuth } from "../../lib/session.tsx";
import { coverageText, UPGRADE_PAGE } from "../billing/index.ts";
import {
  type FindType,
  type FindView,
  type TitlePart,
  SEARCHING_TEXT,
  SEARCH_ERROR_TEXT,
  noResultsText,
} from "./find.ts";
import "./find.css";

const IDLE_HINT: Record<FindType, string> = {
  posts: "search every article by word, or tumble a topic.",
  users: "find people by part of their username.",
};

interface FindStatusProps {
  type: FindType;
  view: FindView;
  /** A request for the settled search is under way, or the field has not settled yet. */
  busy: boolean;
}

/** The quiet line above the results: 'searching…' while busy, otherwise a hint or nothing. */
export function FindStatus({ type, view, busy }: FindStatusProps) {
  let text = "";
  if (busy || view.kind === "searching") text = SEARCHING_TEXT;
  else if (view.kind === "idle") text = IDLE_HINT[type];
  else if (view.kind === "too-short") text = `type at least ${MIN_QUERY_LENGTH} characters.`;
  return (
    <p className="find__status" role="status" data-testid="find-status" data-busy={busy || view.kind === "searching"}>
      {text}
    </p>
  );
}

/** The no-results box, naming the search; for posts, how far back the person's plan searches. */
export function FindEmpty({ term, coverage }: { term: string; coverage?: boolean }) {
  return (
    <div className="find-empty">
      <p data-testid="find-empty">{noResultsText(term)}</p>
      {coverage && <CoverageNote />}
    </div>
  );
}

/** How far back a plan's search reaches, as the no-results note says it. */
const reach = (ms: number) =>
  Number.isFinite(ms) ? `the last ${coverageText(ms).replace(/ post coverage$/, "")}` : "every article graph holds";

/** "searched the last 24 h on the free plan", with the upgrade link while a plan reaches further. */
function CoverageNote() {
  const { plan } = useAuth();
  if (!plan || !Number.isFinite(PLAN_LIMITS[plan].coverageMs)) return null;
  const further = PLANS.find((p) => PLAN_LIMITS[p].coverageMs > PLAN_LIMITS[plan].coverageMs);
  return (
    <p className="find-empty__coverage" data-testid="find-coverage">
      searched {reach(PLAN_LIMITS[plan].coverageMs)} on the {PLAN_LIMITS[plan].label} plan.
      {further && (
        <>
          {" "}
          <Link to={UPGRADE_PAGE} data-testid="upgrade-link">
            {PLAN_LIMITS[further].label} searches {reach(PLAN_LIMITS[further].coverageMs)}
          </Link>
        </>
      )}
    </p>
  );
}

/** The failure box with a way to ask again. */
export function FindError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="find-error" role="alert">
      <p data-testid="find-error">{SEARCH_ERROR_TEXT}</p>
      <button type="button" className="button button--outline find-error__retry" onClick={onRetry}>
        try again
      </button>
    </div>
  );
}

/** Text with the parts that matched the search marked. */
export function Highlighted({ parts }: { parts: TitlePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="find-match">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
