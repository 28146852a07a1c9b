import { useAuth } from "../../../lib/session.tsx";
import { DeleteAccount } from "../../account/index.ts";
import { ProfilePhotos } from "../../photos/index.ts";
import { Section } from "../../../components/Section.tsx";
import { AimsForm } from "./AimsForm.tsx";
import { ContactsForm } from "./ContactsForm.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { SectionOrder } from "./SectionOrder.tsx";
import { Thoughts } from "./Thoughts.tsx";
import { UsernameForm } from "./UsernameForm.tsx";
import { Websites } from "./Websites.tsx";
import "./profile-tab.css";

/**
 * The profile tab: what the public page at /{username} shows (photos included), and the
 * account, which can be deleted from the advanced section.
 */
export function ProfileTab() {
  const { userId, username } = useAuth();
  const id = userId ?? "";
  const name = username ?? "";
  return (
    <div className="tune-profile" data-testid="profile-tab">
      <ProfileHeader userId={id} username={name} />
      <ProfilePhotos />
      <AimsForm userId={id} />
      <ContactsForm userId={id} />
      {/* Keyed by the name: after a change the form starts again from the new one. */}
      <UsernameForm key={name} current={name} />
      <Thoughts userId={id} />
      <Websites userId={id} />
      <Section title="advanced" className="tune-profile__advanced" headingId="profile-advanced">
        <SectionOrder userId={id} />
        <DeleteAccount />
      </Section>
    </div>
  );
}
