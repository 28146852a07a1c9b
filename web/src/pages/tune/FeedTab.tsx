import { useId } from "react";
import { useAuth } from "../../auth/auth.tsx";
import { AddedArticles } from "./AddedArticles.tsx";
import { SilencedSources } from "./SilencedSources.tsx";
import { SuggestedSources } from "./SuggestedSources.tsx";

/** The feed tab: the daily digest (not built yet), suggested sources, silenced sources, the articles the person added. */
export function FeedTab() {
  const userId = useAuth().userId ?? "";
  return (
    <div className="tune-feed">
      <DigestSoon />
      <SuggestedSources userId={userId} />
      <SilencedSources userId={userId} />
      <AddedArticles userId={userId} />
    </div>
  );
}

/** Holds the digest's place in the tab until its calls exist. */
function DigestSoon() {
  const headingId = useId();
  return (
    <section className="tune-section tune-section--soon" aria-labelledby={headingId} data-testid="digest-soon">
      <h2 id={headingId} className="tune-section__title">
        daily e-mail digest
      </h2>
      <p className="tune-section__text">
        coming soon: a daily e-mail of your best new articles at the time you choose.
      </p>
    </section>
  );
}
