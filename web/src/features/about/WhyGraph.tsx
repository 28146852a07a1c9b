import { Link } from "react-router-dom";

export function WhyGraphPage() {
  return (
    <article className="page page--narrow" aria-labelledby="why-heading">
      <p className="eyebrow">info</p>
      <h1 id="why-heading" className="page__title">
        why graph?
      </h1>
      <p className="lede">
        most feeds are tuned for how long you stay. graph is tuned for what you asked for — and it shows its working.
      </p>
      <div className="prose">
        <h2>how it works</h2>
        <ol>
          <li>
            <strong>you name your topics.</strong> short, niche phrases — up to a hundred of them — plus a few aims that
            say what you are trying to do.
          </li>
          <li>
            <strong>graph reads for you.</strong> it scans feeds, channels and posts continuously and matches every new
            piece against your words, never against what keeps other people scrolling.
          </li>
          <li>
            <strong>you get picks, with reasons.</strong> each article in your feed names the topics it matched, so you
            always know why it is there.
          </li>
          <li>
            <strong>you keep what matters.</strong> add an item to your graph and it joins your profile — a living map
            of what you care about.
          </li>
        </ol>

        <h2>the social part, quietly</h2>
        <p>
          follow people whose taste you trust, compare interests to see where you overlap, and message each other when
          something is worth talking about. there are no streaks and nothing to perform.
        </p>

        <h2>the principles</h2>
        <ul>
          <li>control of your own algorithm.</li>
          <li>social without being try-hard.</li>
          <li>solo content into social portals.</li>
        </ul>

        <h2>on the way</h2>
        <p>
          intentions as topics, an agent that searches on your behalf, control over content sources, historical feeds
          and recommendations of people worth following.
        </p>
        <p>
          have an idea? <Link to="/home/feedback">tell us</Link>. want more refreshes and deeper coverage?{" "}
          <Link to="/home/upgrade">see plans</Link>.
        </p>
      </div>
    </article>
  );
}
