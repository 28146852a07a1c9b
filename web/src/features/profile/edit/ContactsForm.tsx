import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CONTACT_MAX } from "@graph/core/modules/profile/rules";
import { contactsQuery, saveContacts } from "../api.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { Section } from "../../../components/Section.tsx";
import { saveButtonText, useSaveState } from "../../../hooks/use-save-state.ts";

/** Contact links: the person's site (about) and socials, 120 characters each. */
export function ContactsForm({ userId }: { userId: string }) {
  const contacts = useQuery(contactsQuery(userId));
  return (
    <Section title="contact" testId="profile-contacts">
      <QueryState query={contacts} what="your contact links" keepDataOnError>
        {(saved) => <ContactsEditor userId={userId} saved={saved[0] ?? { about: "", socials: "" }} />}
      </QueryState>
    </Section>
  );
}

function ContactsEditor({ userId, saved }: { userId: string; saved: { about: string; socials: string } }) {
  const queryClient = useQueryClient();
  const [about, setAbout] = useState(saved.about);
  const [socials, setSocials] = useState(saved.socials);
  const [state, settle] = useSaveState();
  const aboutId = useId();
  const socialsId = useId();

  const submit = async () => {
    settle("saving");
    try {
      const answer = await saveContacts(about, socials);
      queryClient.setQueryData(contactsQuery(userId).queryKey, [answer]);
      settle("success");
    } catch (error) {
      console.error("saving contacts failed", error);
      settle("error");
    }
  };

  return (
    <form
      className="tune-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={aboutId} className="tune-form__label">
        your site
      </label>
      <input
        id={aboutId}
        className="tune-form__input"
        maxLength={CONTACT_MAX}
        value={about}
        placeholder="example.com"
        onChange={(event) => setAbout(event.target.value)}
        data-testid="profile-contact-about"
      />
      <label htmlFor={socialsId} className="tune-form__label">
        socials
      </label>
      <input
        id={socialsId}
        className="tune-form__input"
        maxLength={CONTACT_MAX}
        value={socials}
        placeholder="a link to where people find you"
        onChange={(event) => setSocials(event.target.value)}
        data-testid="profile-contact-socials"
      />
      <div className="tune-form__row">
        <button
          type="submit"
          className="button button--primary tune-form__submit"
          disabled={state === "saving"}
          data-state={state}
          data-testid="profile-contacts-save"
        >
          {saveButtonText(state, "save contact")}
        </button>
      </div>
    </form>
  );
}
