import type { InputHTMLAttributes } from "react";

type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  /** Marks the field as a search landmark (leave off when a `<form role="search">` holds it). */
  landmark?: boolean;
};

/**
 * A search box with its magnifier: no autocorrect, autocapitalise or spell-check, since people
 * type names and words here, not sentences. The caller labels it (`id` + its own `<label>`).
 */
export function SearchField({ landmark = false, ...input }: SearchFieldProps) {
  return (
    <div className="find__field" role={landmark ? "search" : undefined}>
      <svg className="find__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="8.5" cy="8.5" r="5.5" />
        <line x1="12.6" y1="12.6" x2="17" y2="17" />
      </svg>
      <input
        className="find__input"
        type="search"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        {...input}
      />
    </div>
  );
}
