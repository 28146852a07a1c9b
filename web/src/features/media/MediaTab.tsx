import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { useAuth } from "../../lib/session.tsx";
import { MediaLinks, youtubeStatusQuery } from "../media-links/index.ts";
import { ChannelsSection, VideosSection } from "../videos/index.ts";
import { BooksSection } from "./BooksSection.tsx";
import { MoviesSection } from "./MoviesSection.tsx";
import "./media.css";

/**
 * The media tab of /home/tune: the music and video account links, YouTube channels and videos,
 * books and movies. Opened at `?tab=media-links` (where Spotify's sign-in comes back to, with
 * `spotify=connected|error`) it goes to the links.
 */
export function MediaTab() {
  const userId = useAuth().userId ?? "";
  const queryClient = useQueryClient();
  // The YouTube link's card counts the channels: read again when the list changes.
  const refreshYoutubeLink = () =>
    void queryClient.invalidateQueries({ queryKey: youtubeStatusQuery(userId).queryKey });
  const [params, setParams] = useSearchParams();
  // Read once: the outcome is shown, and taken off the address so a reload does not show it again.
  const [spotifyParam] = useState(() => params.get("spotify"));
  const [toLinks] = useState(() => params.get("tab") === "media-links");
  useEffect(() => {
    if (spotifyParam === null) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("spotify");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [spotifyParam, setParams]);

  return (
    <div className="media-tab" data-testid="media-tab">
      <MediaLinks userId={userId} spotifyParam={spotifyParam} focus={toLinks} />
      <ChannelsSection userId={userId} onChange={refreshYoutubeLink} />
      <VideosSection userId={userId} />
      <BooksSection userId={userId} />
      <MoviesSection userId={userId} />
    </div>
  );
}
