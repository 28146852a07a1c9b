import type { ReactNode } from "react";
import { Link } from "react-router-dom";

interface PlaceholderProps {
  name: string;
  children?: ReactNode;
}

/** A page that is named and routed but not built yet. */
export function Placeholder({ name, children }: PlaceholderProps) {
  return (
    <section className="page page--narrow placeholder" data-testid="placeholder">
      <h1 className="page__title">{name}</h1>
      <p className="lede">coming soon.</p>
      {children && <div className="prose">{children}</div>}
      <p>
        <Link to="/home" className="text-link">
          back to home
        </Link>
      </p>
    </section>
  );
}
