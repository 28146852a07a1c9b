import { useId, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PROFILE_MESSAGES, THOUGHT_CONTENT_MAX, THOUGHT_TITLE_MAX } from "@graph/core/modules/profile/rules";
import { addThought, deleteThought, thoughtsQuery, updateThought, type Thought } from "../api.ts";
import { QueryState } from "../../../components/QueryState.tsx";
import { Section } from "../../../components/Section.tsx";
import { saveButtonText, useSaveState } from "../../../hooks/use-save-state.ts";
import { markdownToText } from "../../../lib/markdown-text.ts";
import { useToast } from "../../../components/Toasts.tsx";
import "./profile-tab.css";

const MESSAGES = {
  submit: "Failed to submit the form.",
  update: "Failed to update the post.",
  remove: "Failed to delete the post.",
  restore: "failed to put the thought back. please post it again",
} as const;

let tempCounter = 0;

/**
 * Thoughts: added at once with a temporary id, replaced by the server's id when it answers (or
 * removed again on failure); edited in place; deleted at once, with "undo" for a few seconds
 * (posting it again: the server has no other way back).
 */
export function Thoughts({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const key = thoughtsQuery(userId).queryKey;
  const thoughts = useQuery(thoughtsQuery(userId));
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [state, settle] = useSaveState();
  const titleId = useId();
  const contentId = useId();

  const setList = (change: (list: Thought[]) => Thought[]) =>
    queryClient.setQueryData(key, (list) => change(list ?? []));

  const submit = async () => {
    if (title.trim() === "" || content.trim() === "") {
      setProblem(PROFILE_MESSAGES.thoughtMissing);
      return;
    }
    setProblem(null);
    const temp: Thought = {
      id: `temp-${tempCounter++}`,
      title: title.trim(),
      content: content.trim(),
      created_at: new Date().toISOString(),
    };
    setList((list) => [temp, ...list]);
    setTitle("");
    setContent("");
    settle("saving");
    try {
      const { thoughtId, thoughtDate } = await addThought(temp.title, temp.content);
      setList((list) => list.map((t) => (t.id === temp.id ? { ...t, id: thoughtId, created_at: thoughtDate } : t)));
      settle("success");
    } catch (error) {
      console.error("adding a thought failed", error);
      setList((list) => list.filter((t) => t.id !== temp.id));
      setTitle(temp.title);
      setContent(temp.content);
      setProblem(MESSAGES.submit);
      settle("error");
    }
  };

  return (
    <Section title="thoughts" testId="profile-thoughts">
      <form
        className="tune-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={titleId} className="tune-form__label">
          title
        </label>
        <input
          id={titleId}
          className="tune-form__input"
          maxLength={THOUGHT_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="profile-thought-title"
        />
        <label htmlFor={contentId} className="tune-form__label">
          thought
        </label>
        <textarea
          id={contentId}
          className="tune-form__input tune-profile__textarea"
          rows={4}
          maxLength={THOUGHT_CONTENT_MAX}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          data-testid="profile-thought-content"
        />
        <div className="tune-form__row">
          <button
            type="submit"
            className="button button--primary tune-form__submit"
            data-state={state}
            data-testid="profile-thought-submit"
          >
            {saveButtonText(state, "post")}
          </button>
        </div>
        {problem ? (
          <p className="tune-form__problem" role="alert" data-testid="profile-thought-problem">
            {problem}
          </p>
        ) : null}
      </form>
      <QueryState query={thoughts} what="your thoughts">
        {(list) => (
          <ul className="tune-rows" data-testid="profile-thought-list">
            {list.map((thought) => (
              <ThoughtRow key={thought.id} thought={thought} setList={setList} />
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}

function ThoughtRow({
  thought,
  setList,
}: {
  thought: Thought;
  setList: (change: (list: Thought[]) => Thought[]) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(thought.title);
  const [content, setContent] = useState(thought.content);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const pending = thought.id.startsWith("temp-");

  const save = async () => {
    if (title.trim() === "" || content.trim() === "") {
      setProblem(PROFILE_MESSAGES.thoughtMissing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const updated = await updateThought({ id: thought.id, title, content });
      setList((list) => list.map((t) => (t.id === thought.id ? updated : t)));
      setEditing(false);
    } catch (error) {
      console.error("updating a thought failed", error);
      setProblem(MESSAGES.update);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await deleteThought(thought.id);
      let index = -1;
      setList((list) => {
        index = list.findIndex((t) => t.id === thought.id);
        return list.filter((t) => t.id !== thought.id);
      });
      toast.undoable(`deleted "${thought.title}"`, {
        run: async () => {
          const { thoughtId, thoughtDate } = await addThought(thought.title, thought.content);
          const back = { ...thought, id: thoughtId, created_at: thoughtDate };
          setList((list) => (index < 0 ? [back, ...list] : [...list.slice(0, index), back, ...list.slice(index)]));
        },
        failed: MESSAGES.restore,
      });
    } catch (error) {
      console.error("deleting a thought failed", error);
      setProblem(MESSAGES.remove);
      setBusy(false);
    }
  };

  return (
    <li className="tune-profile__thought" data-testid="profile-thought" data-pending={pending || undefined}>
      {editing ? (
        <form
          className="tune-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <input
            className="tune-form__input"
            aria-label="title"
            maxLength={THOUGHT_TITLE_MAX}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="profile-thought-edit-title"
          />
          <textarea
            className="tune-form__input tune-profile__textarea"
            aria-label="thought"
            rows={4}
            maxLength={THOUGHT_CONTENT_MAX}
            value={content}
            onChange={(event) => setContent(event.target.value)}
            data-testid="profile-thought-edit-content"
          />
          <div className="tune-form__row">
            <button type="submit" className="button button--primary" disabled={busy} data-testid="profile-thought-save">
              save
            </button>
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
              cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <h3 className="tune-profile__thought-title">{thought.title}</h3>
          <p className="tune-profile__thought-content">{markdownToText(thought.content)}</p>
          <div className="tune-form__row">
            <button
              type="button"
              className="button button--ghost"
              disabled={pending || busy}
              onClick={() => {
                setTitle(thought.title);
                setContent(thought.content);
                setEditing(true);
              }}
              data-testid="profile-thought-edit"
            >
              edit
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={pending || busy}
              onClick={() => void remove()}
              data-testid="profile-thought-delete"
            >
              delete
            </button>
          </div>
        </>
      )}
      {problem ? (
        <p className="tune-form__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}
