import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ROUTED_TOPICS_MAX } from "@graph/core/modules/channels/rules";
import { errorText } from "../../lib/api.ts";
import { topicsQuery } from "../topics/index.ts";
import { channelsQuery, routeTopics, type ChannelsState } from "./api.ts";
import { CHANNELS_TEXT } from "./channels.ts";

type ChannelRow = ChannelsState["channels"][number];

/**
 * A channel's routed topics (org): the person ticks some of the topics they follow (at most
 * ROUTED_TOPICS_MAX) and saves; new articles of those topics are posted there as they arrive.
 */
export function ChannelTopics({ userId, channel }: { userId: string; channel: ChannelRow }) {
  const queryClient = useQueryClient();
  const topics = useQuery(topicsQuery(userId));
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(channel.topics.map((t) => t.id)));
  const save = useMutation({
    mutationFn: routeTopics,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey }),
  });
  const followed = topics.data ?? [];
  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (topics.isSuccess && followed.length === 0) return <p className="fine-print">{CHANNELS_TEXT.noTopics}</p>;
  return (
    <fieldset className="channels__topics" data-testid="channel-topics">
      <legend className="fine-print">
        {channel.topics.length > 0 ? CHANNELS_TEXT.routedIntro : CHANNELS_TEXT.routedNone}
      </legend>
      <div className="channels__topic-list">
        {followed.map((t) => (
          <label key={t.id} className="channels__topic">
            <input
              type="checkbox"
              checked={chosen.has(t.id)}
              disabled={!chosen.has(t.id) && chosen.size >= ROUTED_TOPICS_MAX}
              onChange={() => toggle(t.id)}
              data-testid="channel-topic"
            />{" "}
            {t.topic}
          </label>
        ))}
      </div>
      <button
        type="button"
        className="button button--outline"
        disabled={save.isPending}
        onClick={() => save.mutate({ channelId: channel.channelId, topics: [...chosen] })}
        data-testid="channel-topics-save"
      >
        {save.isPending ? "saving…" : "save topics"}
      </button>
      {save.isSuccess && (
        <span className="fine-print" role="status" data-testid="channel-topics-saved">
          {" "}
          {CHANNELS_TEXT.routedSaved}
        </span>
      )}
      {save.isError && (
        <p className="tune-form__problem fine-print" role="alert">
          {errorText(save.error, CHANNELS_TEXT.failed)}
        </p>
      )}
    </fieldset>
  );
}
