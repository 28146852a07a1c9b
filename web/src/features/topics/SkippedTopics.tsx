import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { skippedTopicsQuery } from "./api.ts";
import { useUnskipTopic } from "./hooks.ts";
import { SKIPPED_SHOWN, skippedName, unskipFailedText, unskippedText, type SkippedTopic } from "./skipped-topics.ts";

const skippedOn = (at: number) =>
  new Date(at).toLocaleDateString("en", { day: "numeric", month: "short", year: "numeric" });

/**
 * The suggestions the person skipped, which graph does not suggest again, each with a way to
 * un-skip it (it may then be suggested again). The latest skipped first.
 */
export function SkippedTopics({ userId }: { userId: string }) {
  const skipped = useQuery(skippedTopicsQuery(userId));
  const unskip = useUnskipTopic(userId);
  const [shown, setShown] = useState(SKIPPED_SHOWN);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<string | null>(null);

  const unskipOne = (topic: SkippedTopic) => {
    setFailure(null);
    unskip.mutate(topic, {
      onSuccess: () => setAnnouncement(unskippedText(topic)),
      onError: () => setFailure(unskipFailedText(topic)),
    });
  };

  return (
    <Section title="skipped topics" testId="skipped-topics" count={skipped.data?.length}>
      <p className="tune-section__text">
        suggestions you skipped, which graph won't suggest again. un-skip one and it may be suggested again.
      </p>
      <p className="visually-hidden" role="status" data-testid="skipped-announcement">
        {announcement}
      </p>
      {failure && (
        <p className="fine-print tune-form__problem" role="alert" data-testid="unskip-error">
          {failure}
        </p>
      )}
      <QueryState
        query={skipped}
        what="your skipped topics"
        loading="loading your skipped topics..."
        empty={
          <p className="tune-section__empty" data-testid="skipped-empty">
            no skipped topics. skip a suggestion and it's listed here.
          </p>
        }
      >
        {(list) => (
          <>
            <ul className="tune-rows" aria-label="skipped topics" data-testid="skipped-list">
              {list.slice(0, shown).map((topic) => (
                <li key={topic.id} className="tune-row" data-testid="skipped-topic" data-topic={topic.topic ?? ""}>
                  <div className="tune-row__main">
                    <span className="tune-row__title">{skippedName(topic)}</span>
                    <span className="tune-row__meta">skipped {skippedOn(topic.skippedAt)}</span>
                  </div>
                  <button
                    type="button"
                    className="button button--outline tune-row__action"
                    aria-label={`un-skip ${skippedName(topic)}`}
                    onClick={() => unskipOne(topic)}
                    data-testid="unskip-topic"
                  >
                    un-skip
                  </button>
                </li>
              ))}
            </ul>
            {list.length > shown && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => setShown((n) => n + SKIPPED_SHOWN)}
                data-testid="more-skipped"
              >
                show more ({shown.toLocaleString("en")} of {list.length.toLocaleString("en")} shown)
              </button>
            )}
          </>
        )}
      </QueryState>
    </Section>
  );
}
