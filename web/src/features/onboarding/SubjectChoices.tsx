import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { subjectsQuery } from "./api.ts";
import { hasAllTopics, withTopics } from "./onboarding.ts";

interface SubjectChoicesProps {
  draft: string;
  onChange: (value: string) => void;
}

/**
 * The catalogue's subjects as starting points: choosing one adds the topics its articles match
 * most to the topics draft. A subject whose articles matched nothing yet is left out: it would
 * be a button that does nothing. Shows nothing while loading, while no subject has topics yet,
 * or when the call fails: the prompt above does without it.
 */
export function SubjectChoices({ draft, onChange }: SubjectChoicesProps) {
  const { data } = useQuery(subjectsQuery);
  const labelId = useId();
  const subjects = data?.filter((subject) => subject.topics.length > 0) ?? [];
  if (subjects.length === 0) return null;
  return (
    <div className="subject-choices" data-testid="subject-choices">
      <p className="subject-choices__label" id={labelId}>
        or start from a subject — it adds the topics its articles match most.
      </p>
      <ul className="chips subject-choices__list" aria-labelledby={labelId}>
        {subjects.map(({ subject, topics }) => {
          const added = hasAllTopics(draft, topics);
          return (
            <li key={subject}>
              <button
                type="button"
                className={added ? "subject-chip subject-chip--added" : "subject-chip"}
                data-testid="subject-choice"
                data-subject={subject}
                disabled={added}
                title={`adds ${topics.join(", ")}`}
                onClick={() => onChange(withTopics(draft, topics))}
              >
                {added && <span aria-hidden="true">✓ </span>}
                {subject}
                <span className="subject-chip__count">{added ? "added" : `+${topics.length}`}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
