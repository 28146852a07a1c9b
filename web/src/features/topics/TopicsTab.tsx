import { useId, useMemo, useState } from "react";
import { TOPIC_LIMITS } from "@graph/core/modules/topics/rules";
import { useAuth } from "../../lib/session.tsx";
import { Modal } from "../../components/Modal.tsx";
import { useToast } from "../../components/Toasts.tsx";
import { createTopicSearch } from "./topic-search.ts";
import { supertagCount, supertagRefusal, type Topic } from "./topics.ts";
import { QuickAdd } from "./QuickAdd.tsx";
import { TopicList } from "./TopicList.tsx";
import { TopicSuggestions } from "./TopicSuggestions.tsx";
import { SkippedTopics } from "./SkippedTopics.tsx";
import { useQuery } from "@tanstack/react-query";
import { topicsQuery } from "./api.ts";
import { useSupertag } from "./hooks.ts";
import { SearchField } from "../../components/SearchField.tsx";
import "./topics.css";

/**
 * The topics tab: add, search, star as supertags, and (in edit mode) remove the person's topics;
 * below them, graph suggestions to add or skip, and the skipped ones to un-skip.
 */
export function TopicsTab() {
  const userId = useAuth().userId ?? "";
  const query = useQuery(topicsQuery(userId));

  if (query.isPending) {
    return (
      <div className="loading" role="status" data-testid="topics-loading">
        loading your topics...
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="tune-error" role="alert" data-testid="topics-error">
        <p>couldn't load your topics.</p>
        <button type="button" className="button button--outline" onClick={() => void query.refetch()}>
          try again
        </button>
      </div>
    );
  }
  return <TopicsEditor userId={userId} topics={query.data} />;
}

function TopicsEditor({ userId, topics }: { userId: string; topics: Topic[] }) {
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const searchId = useId();
  const headingId = useId();

  const find = useMemo(() => createTopicSearch(topics), [topics]);
  const shown = useMemo(() => find(search), [find, search]);
  const searching = search.trim() !== "";
  const supertags = supertagCount(topics);

  const supertag = useSupertag(userId);
  const toast = useToast();
  const toggleSupertag = (topic: Topic) => {
    const refusal = supertagRefusal(topics, topic);
    if (refusal) {
      toast.alert(refusal);
      return;
    }
    supertag.mutate({ topicId: topic.id, isSupertag: !topic.isSupertag });
  };

  return (
    <div className="tune-topics">
      <QuickAdd userId={userId} topics={topics} />

      <section className="tune-topics__mine" aria-labelledby={headingId}>
        <div className="tune-topics__head">
          <h2 id={headingId} className="tune-topics__title">
            your topics <span className="tune-topics__count">{topics.length}</span>
          </h2>
          <p className="tune-topics__supertags" data-testid="supertag-count">
            {supertags} of {TOPIC_LIMITS.maxSupertags} supertags{" "}
            <button
              type="button"
              className="tune-topics__help text-link"
              aria-haspopup="dialog"
              onClick={() => setHelpOpen(true)}
              data-testid="supertag-help"
            >
              what's a supertag?
            </button>
          </p>
        </div>

        {topics.length === 0 ? (
          <p className="tune-topics__empty" data-testid="topics-empty">
            no topics yet. add a few above, and graph starts finding articles about them.
          </p>
        ) : (
          <>
            <div className="tune-topics__bar">
              <label htmlFor={searchId} className="visually-hidden">
                search your topics
              </label>
              <SearchField
                landmark
                id={searchId}
                placeholder="search your topics"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                data-testid="topic-search"
              />
              <button
                type="button"
                className="button button--outline tune-topics__edit"
                aria-pressed={editing}
                onClick={() => setEditing((on) => !on)}
                data-testid="edit-topics"
              >
                edit
              </button>
            </div>
            <p className="visually-hidden" role="status">
              {searching ? `${shown.length} of ${topics.length} topics match` : ""}
            </p>
            {shown.length === 0 ? (
              <p className="tune-topics__empty" data-testid="topics-no-match">
                no topics match "{search.trim()}".
              </p>
            ) : (
              <TopicList userId={userId} topics={shown} editing={editing} onToggleSupertag={toggleSupertag} />
            )}
          </>
        )}
      </section>

      <TopicSuggestions userId={userId} topics={topics} />
      <SkippedTopics userId={userId} />

      <Modal open={helpOpen} onClose={() => setHelpOpen(false)} title="supertags" testId="supertag-dialog">
        <p>
          a supertag is a topic you care about most. star it, and its articles count double when your feed is picked,
          and get a group of their own in your feed.
        </p>
        <p>you can have up to {TOPIC_LIMITS.maxSupertags} supertags; star one again to make it a plain topic.</p>
      </Modal>
    </div>
  );
}
