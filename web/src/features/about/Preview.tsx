import { Link } from "react-router-dom";
import "./about.css";

export function PreviewPage() {
  return (
    <div className="page page--narrow">
      <Link to="/login" className="preview-block" data-testid="preview-block" aria-label="graph — log in or sign up">
        <p className="eyebrow">about</p>
        <h1 className="page__title">graph is an autonomous search engine.</h1>
        <p className="lede">
          you name your topics and aims. graph reads the web for you — feeds, channels, posts — and hands back only what
          matches, with a note on why each piece made the cut.
        </p>

        <h2 className="section-title">what we believe</h2>
        <ol className="principles">
          <li>
            <span className="principles__name">control of your own algorithm.</span>
            <span className="principles__body">
              your feed is built from words you chose, not from what kept someone else scrolling. tune it, silence a
              source, change your mind tomorrow.
            </span>
          </li>
          <li>
            <span className="principles__name">social without being try-hard.</span>
            <span className="principles__body">
              follow people whose curiosity you trust, see where your interests overlap, talk when you want to. no
              streaks, no follower counts to chase.
            </span>
          </li>
          <li>
            <span className="principles__name">solo content into social portals.</span>
            <span className="principles__body">
              the things you read, watch and keep become a quiet public page — a doorway for others into what you care
              about.
            </span>
          </li>
        </ol>

        <h2 className="section-title">coming up</h2>
        <ul className="upcoming">
          <li>intentions as topics</li>
          <li>an agent</li>
          <li>control over content sources</li>
          <li>historical feeds</li>
          <li>user recommendations</li>
        </ul>

        <p className="preview-block__cta">
          start your graph <span aria-hidden="true">→</span>
        </p>
      </Link>
    </div>
  );
}
