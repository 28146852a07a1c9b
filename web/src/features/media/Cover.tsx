import { useState } from "react";

/**
 * A book cover or a film poster, decorative (the title beside it names the item); a plain
 * placeholder when there is none or it does not load.
 */
export function Cover({ url, size }: { url: string | null; size: "small" | "medium" }) {
  const [failed, setFailed] = useState(false);
  const className = `media-cover media-cover--${size}`;
  if (!url || failed) return <span className={`${className} media-cover--none`} aria-hidden="true" />;
  return (
    <img
      className={className}
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid="media-cover"
    />
  );
}
