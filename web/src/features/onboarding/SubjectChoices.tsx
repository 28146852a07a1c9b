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
 * most to the topics draft. A subject whose articles matched nothing yet is shown, not chosen.
 * Shows nothing while loading or when the call fails: the prompt above does without it.
 */
export function SubjectChoices({ draft, onChange }: SubjectChoicesProps) {
  const { data: subjects } = useQuery(subjectsQuery);
  const labelId = useId();
  if (!subjects || subjects.length === 0) return null;
  return (
    <div className="subject-choices" data-testid="subject-choices">
      <p className="subject-choices__label" id={labelId}>
        or start from a subject — it adds the topics its articles match most.
      </p>
      <ul className="chips subject-choices__list" aria-labelledby={labelId}>
        {/* Those with topics first (the server's order kept within each). */}
        {[...subjects.filter((s) => s.topics.length > 0), ...subjects.filter((s) => s.topics.length === 0)].map(
          ({ subject, topics }) => {
            const added = topics.length > 0 && hasAllTopics(draft, topics);
            return (
              <li key={subject}>
                <button
                  type="button"
                  className={added ? "subject-chip subject-chip--added" : "subject-chip"}
                  data-testid="subject-choice"
                  data-subject={subject}
                  disabled={topics.length === 0 || added}
                  title={topics.length === 0 ? "no topics yet" : `adds ${topics.join(", ")}`}
                  onClick={() => onChange(withTopics(draft, topics))}
                >
                  {added && <span aria-hidden="true">✓ </span>}
                  {subject}
                  <span className="subject-chip__count">
                    {topics.length === 0 ? "no topics yet" : added ? "added" : `+${topics.length}`}
                  </span>
                </button>
              </li>
            );
          },
        )}
      </ul>
    </div>
  );
}
