import { type FormEvent, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { saveWrittenList, tumbleListsQuery, writtenListQuery } from "./api.ts";
import { countText, readDraft } from "./tumble-lists.ts";

const SAVE_FAILED = "Your list could not be saved. Try again.";

/** The list the person writes, one term a line: its count and what is wrong shown as they type. */
export function WrittenListEditor({ userId, onClose }: { userId: string; onClose: () => void }) {
  const written = useQuery(writtenListQuery(userId));
  return (
    <section className="find__written" aria-label="your list" data-testid="written-list">
      {written.data ? (
        <Draft userId={userId} initial={written.data.terms.join("\n")} onClose={onClose} />
      ) : written.isError ? (
        <p role="alert">{errorText(written.error, "Your list could not be loaded.")}</p>
      ) : (
        <p>loading your list…</p>
      )}
    </section>
  );
}

function Draft({ userId, initial, onClose }: { userId: string; initial: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const draft = readDraft(text);
  const save = useMutation({
    mutationFn: () => saveWrittenList(draft.terms),
    onSuccess: (saved) => {
      queryClient.setQueryData(writtenListQuery(userId).queryKey, saved);
      setText(saved.terms.join("\n"));
      void queryClient.invalidateQueries({ queryKey: tumbleListsQuery(userId).queryKey, exact: true });
    },
  });
  const inputId = useId();
  const statusId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.problem === null) save.mutate();
  };
  const problem = draft.problem ?? (save.isError ? errorText(save.error, SAVE_FAILED) : null);

  return (
    <form className="find__written-form" onSubmit={onSubmit}>
      <label htmlFor={inputId} className="find__written-label">
        your list: one term a line
      </label>
      <textarea
        id={inputId}
        className="find__written-text"
        rows={8}
        value={text}
        aria-describedby={statusId}
        aria-invalid={draft.problem !== null}
        onChange={(event) => {
          setText(event.target.value);
          save.reset();
        }}
        data-testid="written-list-text"
      />
      <div id={statusId} className="find__written-status">
        <span data-testid="written-list-count">{countText(draft.terms.length)}</span>
        {problem !== null && (
          <span role="alert" className="find__written-error" data-testid="written-list-error">
            {problem}
          </span>
        )}
        {save.isSuccess && <span role="status">saved</span>}
      </div>
      <div className="find__written-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={draft.problem !== null || save.isPending}
          data-testid="written-list-save"
        >
          {save.isPending ? "saving…" : "save"}
        </button>
        <button type="button" className="button button--outline" onClick={onClose}>
          close
        </button>
      </div>
    </form>
  );
}
