import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { channelsQuery, setTeamDigest, type ChannelsState } from "./api.ts";
import { CHANNELS_TEXT } from "./channels.ts";

type ChannelRow = ChannelsState["channels"][number];

/** A channel's weekly team digest (org): a toggle and its weekday, each change saved at once. */
export function TeamDigest({ userId, channel }: { userId: string; channel: ChannelRow }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: setTeamDigest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey }),
  });
  const { on, day } = save.isPending && save.variables ? save.variables : channel.teamDigest;
  const change = (next: { on: boolean; day: number }) => save.mutate({ channelId: channel.channelId, ...next });
  return (
    <div className="channels__team-digest">
      <label className="channels__topic">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => change({ on: e.target.checked, day })}
          data-testid="channel-team-digest"
        />{" "}
        {CHANNELS_TEXT.teamDigest}
      </label>{" "}
      <select
        aria-label="team digest day"
        value={day}
        disabled={save.isPending}
        onChange={(e) => change({ on, day: Number(e.target.value) })}
        data-testid="channel-team-digest-day"
      >
        {CHANNELS_TEXT.weekdays.map((name, i) => (
          <option key={name} value={i}>
            {name}
          </option>
        ))}
      </select>
      {save.isError && (
        <p className="tune-form__problem fine-print" role="alert">
          {errorText(save.error, CHANNELS_TEXT.failed)}
        </p>
      )}
    </div>
  );
}
