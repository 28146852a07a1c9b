import { withScheme } from "@graph/core/modules/profile/rules";
import type { PublicProfile } from "../api.ts";
import "./profile.css";

/** About me: the person's aims and their contact links ('https://' added when typed without). */
export function AboutMe({ about }: { about: NonNullable<PublicProfile["aboutMe"]> }) {
  const links = [
    { name: "site", value: about.about },
    { name: "socials", value: about.socials },
  ].filter((l) => l.value !== "");
  if (about.aims.length === 0 && links.length === 0) return null;
  return (
    <section
      className="profile-section profile-section--aboutMe"
      aria-labelledby="profile-section-aboutMe"
      data-testid="profile-section"
      data-section="aboutMe"
    >
      <h2 id="profile-section-aboutMe" className="profile-section__title">
        about me
      </h2>
      {about.aims.length > 0 ? (
        <ul className="profile-about__aims" data-testid="profile-aims">
          {about.aims.map((aim) => (
            <li key={aim.id}>{aim.content}</li>
          ))}
        </ul>
      ) : null}
      {links.length > 0 ? (
        <p className="profile-about__links">
          {links.map((link) => (
            <a
              key={link.name}
              href={withScheme(link.value)}
              className="text-link"
              target="_blank"
              rel="noopener noreferrer nofollow"
              data-testid={`profile-contact-${link.name}`}
            >
              {link.value}
            </a>
          ))}
        </p>
      ) : null}
    </section>
  );
}
