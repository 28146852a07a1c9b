import { useAuth } from "../../auth/auth.tsx";
import { AddedArticles } from "./AddedArticles.tsx";
import { EmailDigest } from "./EmailDigest.tsx";
import { SilencedSources } from "./SilencedSources.tsx";
import { SuggestedSources } from "./SuggestedSources.tsx";

/** The feed tab: the daily e-mail digest's preferences, suggested sources, silenced sources, the articles the person added. */
export function FeedTab() {
  const userId = useAuth().userId ?? "";
  return (
    <div className="tune-feed">
      <EmailDigest userId={userId} />
      <SuggestedSources userId={userId} />
      <SilencedSources userId={userId} />
      <AddedArticles userId={userId} />
    </div>
  );
}
