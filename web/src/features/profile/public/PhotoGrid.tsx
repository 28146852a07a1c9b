import { useState } from "react";
import type { PublicProfile } from "../api.ts";
import "./profile.css";

/** The person's photos: three to a row (collapsed) or one at a time, large (expanded). Hidden without photos. */
export function PhotoGrid({ images, username }: { images: PublicProfile["images"]; username: string }) {
  const [expanded, setExpanded] = useState(false);
  if (images.length === 0) return null;
  const ordered = [...images].sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return (
    <section className="profile-gallery" data-testid="profile-photos" data-mode={expanded ? "expanded" : "collapsed"}>
      <div className={`profile-gallery__grid profile-gallery__grid--${expanded ? "expanded" : "collapsed"}`}>
        {ordered.map((image, i) => (
          <img key={image.id} src={image.url} alt={`${username}, ${i + 1} of ${ordered.length}`} loading="lazy" />
        ))}
      </div>
      <button
        type="button"
        className="button button--ghost"
        aria-pressed={expanded}
        onClick={() => setExpanded((e) => !e)}
        data-testid="profile-photos-mode"
      >
        {expanded ? "show as grid" : "show large"}
      </button>
    </section>
  );
}
