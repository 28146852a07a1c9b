import { type FormEvent, type KeyboardEvent, useId, useMemo, useState } from "react";
import { isSubmitKey, planQuickAdd } from "./topic-quick-add.ts";
import { ADD_TOPICS_FAILED, type Topic } from "./topics.ts";
import { useAddTopics } from "./hooks.ts";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./topics.css";

interface QuickAddProps {
  userId: string;
  topics: readonly Topic[];
}

/** One field for comma-separated topics: Enter adds them, Shift+Enter starts a new line. */
export function QuickAdd({ userId, topics }: QuickAddProps) {
  const [draft, setDraft] = useState("");
  const add = useAddTopics(userId, () => setDraft(""), ADD_TOPICS_FAILED);
  const names = useMemo(() => topics.map((t) => t.topic), [topics]);
  const plan = useMemo(() => planQuickAdd(draft, names), [draft, names]);
  const inputId = useId();
  const hintId = useId();
  const noteId = useId();

  const online = useOnline();
  const canAdd = plan.topics.length > 0 && plan.problem === null && !add.isPending && online;
  const submit = () => {
    if (canAdd) add.mutate(plan.topics);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSubmitKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    submit();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const note = plan.problem ?? (plan.known.length > 0 ? `already in your topics: ${plan.known.join(", ")}` : null);

  return (
    <form className="quick-add" onSubmit={onSubmit} aria-label="add topics" data-testid="quick-add">
      <label htmlFor={inputId} className="quick-add__label">
        add topics
      </label>
      <div className="quick-add__row">
        <textarea
          id={inputId}
          className="quick-add__input"
          rows={1}
          value={draft}
          placeholder="tide pools, jazz, ..."
          aria-describedby={note ? `${hintId} ${noteId}` : hintId}
          aria-invalid={plan.problem !== null}
          spellCheck={false}
          autoCapitalize="off"
          enterKeyHint="done"
          data-testid="quick-add-input"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button--primary quick-add__submit"
          disabled={!canAdd}
          aria-busy={add.isPending}
          title={online ? undefined : OFFLINE_REASON}
          data-testid="quick-add-submit"
        >
          {add.isPending ? "adding..." : "add"}
        </button>
      </div>
      <p id={hintId} className="fine-print">
        comma-separated. enter adds them, shift+enter starts a new line.
      </p>
      {note && (
        <p
          id={noteId}
          className={plan.problem ? "fine-print quick-add__problem" : "fine-print"}
          data-testid="quick-add-note"
        >
          {note}
        </p>
      )}
    </form>
  );
}
