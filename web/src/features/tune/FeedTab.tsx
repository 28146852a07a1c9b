import { useAuth } from "../../lib/session.tsx";
import { AddedArticles } from "../added-articles/index.ts";
import { AtomFeed } from "../atom-feed/index.ts";
import { ChannelsSection } from "../channels/index.ts";
import { EmailDigest } from "../digest/index.ts";
import { FeedsInOut } from "../feed-imports/index.ts";
import { FeedFilters, MuteWords } from "../mutes/index.ts";
import { ReadingSettings } from "../reader/index.ts";
import { CardLayout } from "../feed/index.ts";
import { SilencedSources, SuggestedSources } from "../sources/index.ts";
import "./tune.css";

/** The feed tab: the daily e-mail digest's preferences, the Slack and Discord channels, where articles open (reader view or publisher's site), muted words and the advanced filters, suggested sources, feeds in and out (OPML), silenced sources, the Atom feed of picks, the articles the person added. */
export function FeedTab() {
  const userId = useAuth().userId ?? "";
  return (
    <div className="tune-feed">
      <CardLayout userId={userId} />
      <EmailDigest userId={userId} />
      <ChannelsSection userId={userId} />
      <ReadingSettings userId={userId} />
      <MuteWords userId={userId} />
      <FeedFilters userId={userId} />
      <SuggestedSources userId={userId} />
      <FeedsInOut userId={userId} />
      <SilencedSources userId={userId} />
      <AtomFeed userId={userId} />
      <AddedArticles userId={userId} />
    </div>
  );
}
