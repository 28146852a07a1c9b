import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { WEBSITE_URL_MAX, withScheme } from "@graph/core/modules/profile/rules";
import { errorText } from "../../../lib/api.ts";
import { addWebsite, deleteWebsite, websitesQuery } from "../api.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { Section } from "../../../components/Section.tsx";
import { saveButtonText, useSaveState } from "../../../hooks/use-save-state.ts";
import "./profile-tab.css";

/** Websites listed on the profile (a hidden section until the person shows it). */
export function Websites({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = websitesQuery(userId).queryKey;
  const websites = useQuery(websitesQuery(userId));
  const [url, setUrl] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [state, settle] = useSaveState();
  const inputId = useId();

  const add = async () => {
    if (url.trim() === "") return;
    settle("saving");
    setProblem(null);
    try {
      const added = await addWebsite(url.trim());
      queryClient.setQueryData(key, (list) => [added, ...(list ?? [])]);
      setUrl("");
      settle("success");
    } catch (error) {
      setProblem(errorText(error, "Failed to add the website."));
      settle("error");
    }
  };

  const remove = async (websiteId: string) => {
    setProblem(null);
    try {
      await deleteWebsite(websiteId);
      queryClient.setQueryData(key, (list) => (list ?? []).filter((w) => w.id !== websiteId));
    } catch (error) {
      console.error("deleting a website failed", error);
      setProblem("Failed to delete the website.");
    }
  };

  return (
    <Section title="websites" testId="profile-websites">
      <form
        className="tune-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label htmlFor={inputId} className="tune-form__label">
          add a website
        </label>
        <div className="tune-form__row">
          <input
            id={inputId}
            className="tune-form__input"
            maxLength={WEBSITE_URL_MAX}
            value={url}
            placeholder="example.com"
            onChange={(event) => setUrl(event.target.value)}
            data-testid="profile-website-input"
          />
          <button
            type="submit"
            className="button button--primary tune-form__submit"
            disabled={state === "saving" || url.trim() === ""}
            data-state={state}
            data-testid="profile-website-add"
          >
            {saveButtonText(state, "add")}
          </button>
        </div>
        {problem ? (
          <p className="tune-form__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
      <QueryState query={websites} what="your websites">
        {(list) => (
          <ul className="tune-rows" data-testid="profile-website-list">
            {list.map((site) => (
              <li key={site.id} className="tune-profile__website">
                <a href={withScheme(site.url)} className="text-link" target="_blank" rel="noopener noreferrer">
                  {site.url}
                </a>
                <button type="button" className="button button--ghost" onClick={() => void remove(site.id)}>
                  remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
