interface WordmarkProps {
  size?: "small" | "large";
}

/** The graph mark: three linked nodes and the name. */
export function Wordmark({ size = "small" }: WordmarkProps) {
  return (
    <span className={`wordmark wordmark--${size}`}>
      <svg className="wordmark__glyph" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <g className="wordmark__edges">
          <line x1="9" y1="22" x2="16" y2="9" />
          <line x1="16" y1="9" x2="23" y2="21" />
          <line x1="9" y1="22" x2="23" y2="21" />
        </g>
        <g className="wordmark__nodes">
          <circle cx="9" cy="22" r="3.4" />
          <circle cx="16" cy="9" r="3.4" />
          <circle cx="23" cy="21" r="3.4" />
        </g>
      </svg>
      <span className="wordmark__text">graph</span>
    </span>
  );
}
