import { Link } from "react-router-dom";
import { Wordmark } from "../../components/Wordmark.tsx";
import "./about.css";

export function LandingPage() {
  return (
    <div className="landing">
      <section className="landing__hero">
        <Link to="/preview" className="landing__logo" aria-label="graph — what it is" data-testid="landing-logo">
          <Wordmark size="large" />
        </Link>
        <p className="landing__tagline">an autonomous search engine for the things you actually care about.</p>
        <div className="landing__actions">
          <Link to="/login?mode=signup" className="button button--primary" data-testid="get-started">
            get started
          </Link>
          <Link to="/preview" className="button button--ghost">
            what is graph?
          </Link>
        </div>
      </section>
      <footer className="site-footer">
        <span className="site-footer__mark">© graph</span>
        <nav aria-label="legal" className="site-footer__links">
          <Link to="/terms-of-service" data-testid="footer-terms">
            terms of service
          </Link>
          <Link to="/privacy-policy" data-testid="footer-privacy">
            privacy policy
          </Link>
        </nav>
      </footer>
    </div>
  );
}
