import { useAuth } from "../auth/session.tsx";
import { Section } from "../../components/Section.tsx";
import { BooksSection } from "./BooksSection.tsx";
import { MoviesSection } from "./MoviesSection.tsx";
import "./media.css";

/** The media tab of /home/tune: the person's books and movies (video and music accounts come later). */
export function MediaTab() {
  const userId = useAuth().userId ?? "";
  return (
    <div className="media-tab" data-testid="media-tab">
      <BooksSection userId={userId} />
      <MoviesSection userId={userId} />
      <Section title="media links" className="tune-section--soon" testId="media-links">
        <p className="tune-section__text">
          connecting your video and music accounts (and importing your video history) is coming later.
        </p>
      </Section>
    </div>
  );
}
