import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import { CHANNEL_RESULT_PARAM } from "@graph/core/modules/channels/rules";
import { errorText } from "../../lib/api.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { useConfirm } from "../../components/Confirm.tsx";
import { PlanUpgradeNote, usePlanIncludes } from "../billing/index.ts";
import { addChannelHref, channelsQuery, sendTestMessage, unlinkChannel, type ChannelsState } from "./api.ts";
import { CHANNELS_TEXT, connectResultText, kindLabel } from "./channels.ts";
import { ChannelTopics } from "./ChannelTopics.tsx";
import { TeamDigest } from "./TeamDigest.tsx";
import "./channels.css";

/** The feed tab's "Slack and Discord" section: connected channels, a test message, unlink, and the "add" buttons. */
export function ChannelsSection({ userId }: { userId: string }) {
  const hasBot = usePlanIncludes("bot");
  const hasTeamBot = usePlanIncludes("teamBot");
  const state = useQuery({ ...channelsQuery(userId), enabled: userId !== "" && hasBot });
  const [params] = useSearchParams();
  const result = connectResultText(params.get(CHANNEL_RESULT_PARAM));
  return (
    <Section title="Slack and Discord" testId="channels">
      <p className="tune-section__text">{CHANNELS_TEXT.intro}</p>
      {!hasBot ? (
        <PlanUpgradeNote feature="bot">your picks in Slack and Discord are part of the pro plan.</PlanUpgradeNote>
      ) : (
        <>
          {result && (
            <p className="channels__result" role="status" data-testid="channels-result">
              {result}
            </p>
          )}
          <QueryState query={state} what="your channels" keepDataOnError>
            {(answer) => <ChannelList userId={userId} state={answer} />}
          </QueryState>
          {!hasTeamBot && (
            <PlanUpgradeNote feature="teamBot">
              per-topic channels, /graph share and the team digest are part of the org plan.
            </PlanUpgradeNote>
          )}
        </>
      )}
    </Section>
  );
}

function ChannelList({ userId, state }: { userId: string; state: ChannelsState }) {
  const hasTeamBot = usePlanIncludes("teamBot");
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = channelsQuery(userId).queryKey;
  const test = useMutation({
    mutationFn: sendTestMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const unlink = useMutation({
    mutationFn: unlinkChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const full = state.channels.length >= state.max;
  const error = test.error ?? unlink.error;
  return (
    <div className="channels">
      {state.channels.length === 0 ? (
        <p className="tune-section__text" data-testid="channels-none">
          {CHANNELS_TEXT.none}
        </p>
      ) : (
        <ul className="channels__list">
          {state.channels.map((channel) => (
            <li key={channel.channelId} className="channels__item" data-testid="channel" data-status={channel.status}>
              <div className="channels__name">
                <strong>{kindLabel(channel.kind)}</strong> · {channel.workspace} · {channel.name}
              </div>
              {channel.status === "broken" ? (
                <p className="channels__broken" data-testid="channel-broken">
                  {CHANNELS_TEXT.broken}
                </p>
              ) : (
                <p className="fine-print" data-testid="channel-ok">
                  {channel.lastSentAt ? CHANNELS_TEXT.lastSent(channel.lastSentAt) : CHANNELS_TEXT.waiting}
                </p>
              )}
              {hasTeamBot && channel.status === "ok" && <ChannelTopics userId={userId} channel={channel} />}
              {hasTeamBot && channel.status === "ok" && <TeamDigest userId={userId} channel={channel} />}
              {hasTeamBot && (
                <div className="channels__shares" data-testid="channel-shares">
                  <p className="fine-print">{CHANNELS_TEXT.sharesIntro}</p>
                  {channel.shares.length === 0 ? (
                    <p className="fine-print">{CHANNELS_TEXT.sharesNone}</p>
                  ) : (
                    <ul className="channels__share-list">
                      {channel.shares.map((s) => (
                        <li key={`${s.sharedAt}-${s.link}`} data-testid="channel-share">
                          <a href={s.link} target="_blank" rel="noopener noreferrer">
                            {s.title}
                          </a>{" "}
                          <span className="fine-print">shared by {s.by}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
              <div className="channels__actions">
                <button
                  type="button"
                  className="button button--outline"
                  disabled={test.isPending || channel.status === "broken"}
                  onClick={() => test.mutate(channel.channelId)}
                  data-testid="channel-test"
                >
                  {test.isPending && test.variables === channel.channelId ? "sending…" : "send a test message"}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={unlink.isPending}
                  onClick={() =>
                    void confirm(CHANNELS_TEXT.confirmUnlink(channel.name), "unlink").then(
                      (yes) => yes && unlink.mutate(channel.channelId),
                    )
                  }
                  data-testid="channel-unlink"
                >
                  unlink
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {test.isSuccess && (
        <p className="fine-print" role="status" data-testid="channel-test-sent">
          {CHANNELS_TEXT.testSent}
        </p>
      )}
      <p className="tune-form__problem fine-print" role="alert">
        {error ? errorText(error, CHANNELS_TEXT.failed) : ""}
      </p>
      {full ? (
        <p className="fine-print" data-testid="channels-full">
          {CHANNELS_TEXT.full(state.max)}
        </p>
      ) : (
        <div className="channels__add">
          {state.kinds.map((kind) => (
            <a
              key={kind}
              className="button button--primary"
              href={addChannelHref(kind)}
              data-testid={`channel-add-${kind}`}
            >
              add to {kindLabel(kind)}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
