import { useAuth } from "../../lib/session.tsx";
import { AddedArticles } from "../added-articles/AddedArticles.tsx";
import { AtomFeed } from "../atom-feed/AtomFeed.tsx";
import { EmailDigest } from "../digest/EmailDigest.tsx";
import { FeedsInOut } from "../feed-imports/FeedsInOut.tsx";
import { MuteWords } from "../mutes/MuteWords.tsx";
import { SilencedSources } from "../sources/SilencedSources.tsx";
import { SuggestedSources } from "../sources/SuggestedSources.tsx";
import "./tune.css";

/** The feed tab: the daily e-mail digest's preferences, muted words, suggested sources, feeds in and out (OPML), silenced sources, the Atom feed of picks, the articles the person added. */
export function FeedTab() {
  const userId = useAuth().userId ?? "";
  return (
    <div className="tune-feed">
      <EmailDigest userId={userId} />
      <MuteWords userId={userId} />
      <SuggestedSources userId={userId} />
      <FeedsInOut userId={userId} />
      <SilencedSources userId={userId} />
      <AtomFeed userId={userId} />
      <AddedArticles userId={userId} />
    </div>
  );
}
