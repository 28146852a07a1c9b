import type { Topic } from "./topics.ts";
import { useRemoveTopic } from "./hooks.ts";
import { OFFLINE_REASON, useOnline } from "../../components/online.ts";
import "./topics.css";

interface TopicListProps {
  userId: string;
  topics: readonly Topic[];
  editing: boolean;
  onToggleSupertag: (topic: Topic) => void;
}

/** The person's topics as pills: a star makes one a supertag; in edit mode each can be removed. */
export function TopicList({ userId, topics, editing, onToggleSupertag }: TopicListProps) {
  return (
    <ul className="topic-list" aria-label="your topics" data-testid="topic-list">
      {topics.map((topic) => (
        <TopicItem
          key={topic.id}
          userId={userId}
          topic={topic}
          editing={editing}
          onToggleSupertag={() => onToggleSupertag(topic)}
        />
      ))}
    </ul>
  );
}

interface TopicItemProps {
  userId: string;
  topic: Topic;
  editing: boolean;
  onToggleSupertag: () => void;
}

function TopicItem({ userId, topic, editing, onToggleSupertag }: TopicItemProps) {
  const remove = useRemoveTopic(userId);
  const online = useOnline();
  const name = topic.topic;
  return (
    <li
      className={topic.isSupertag ? "topic topic--super" : "topic"}
      data-testid="topic"
      data-topic={name}
      aria-busy={remove.isPending}
    >
      <button
        type="button"
        className="topic__star"
        aria-pressed={topic.isSupertag}
        aria-label={`supertag ${name}`}
        title={topic.isSupertag ? "a supertag: click to make it a plain topic" : "make it a supertag"}
        data-testid="supertag-toggle"
        onClick={onToggleSupertag}
      >
        <span aria-hidden="true">{topic.isSupertag ? "★" : "☆"}</span>
      </button>
      <span className="topic__name">{name}</span>
      {editing && (
        <button
          type="button"
          className="topic__remove"
          aria-label={`remove ${name}`}
          title={online ? "remove" : OFFLINE_REASON}
          disabled={remove.isPending || !online}
          data-testid="remove-topic"
          onClick={() => remove.mutate(topic)}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </li>
  );
}
