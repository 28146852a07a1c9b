import { useId, useState } from "react";
import { type QueryClient, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Section } from "../../components/Section.tsx";
import { refusalText } from "../../lib/api.ts";
import { batches } from "../../lib/batches.ts";
import { csvFileProblem } from "../../lib/csv-file.ts";
import { counted } from "../../lib/words.ts";
import { FileDrop } from "../../components/FileDrop.tsx";
import { Notice, OwnerList } from "../../components/OwnerList.tsx";
import { listCount } from "../../lib/paged-list.ts";
import { type Channel, channelsQuery, deleteChannel, importChannels } from "./api.ts";
import { CHANNEL_BATCH_MAX, parseSubscriptions, percent } from "./takeout.ts";
import { useListDelete } from "./use-list-delete.ts";
import "./videos.css";

export const CHANNEL_DELETE_FAILED = "Failed to delete the channel.";

/** Reads the channels and their count again (after an import or a delete), and what else counts them. */
function refreshChannels(queryClient: QueryClient, userId: string, onChange: () => void) {
  void queryClient.invalidateQueries({ queryKey: channelsQuery(userId).queryKey });
  onChange();
}

interface ChannelsProps {
  userId: string;
  /** After an import or a delete: what else counts the channels (the YouTube link's card) is read again. */
  onChange: () => void;
}

type ImportStep =
  | { step: "idle" }
  | { step: "problem"; message: string }
  | { step: "importing"; fileName: string; done: number; total: number }
  | { step: "done"; fileName: string; added: number; skipped: number; unreadable: number; failed: string | null };

/**
 * The media tab's YouTube channels: those the linked account subscribes to and those imported
 * from a Takeout `subscriptions.csv` (for people who will not link their account), newest first
 * a page at a time (all of them, up to the cap), each to delete.
 */
export function ChannelsSection({ userId, onChange }: ChannelsProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const options = channelsQuery(userId);
  const channels = useInfiniteQuery(options);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = useListDelete<Channel>({
    key: options.queryKey,
    remove: (channel) => deleteChannel(channel.id_youtube),
    onStart: () => setProblem(null),
    onFailed: (error) => {
      console.error("channel delete failed", error);
      setProblem(CHANNEL_DELETE_FAILED);
    },
    refresh: () => refreshChannels(queryClient, userId, onChange),
  });

  return (
    <Section
      title="youtube channels"
      count={channels.data ? listCount(channels.data) : undefined}
      headingId={headingId}
      testId="channels"
    >
      <Notice problem={problem} done={null} onDismiss={() => setProblem(null)} testId="channels" />
      <OwnerList<Channel>
        list={channels}
        what="your channels"
        empty="no channels yet: connect YouTube above, or import the subscriptions.csv of a Takeout export below."
        row={(channel) => ({
          id: channel.id_youtube,
          title: channel.name,
          picture: <ChannelImage url={channel.picture_url} />,
          text: (
            <a
              href={`https://www.youtube.com/channel/${encodeURIComponent(channel.id_youtube)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="media-item__title text-link"
            >
              {channel.name}
            </a>
          ),
          short: true,
        })}
        onDelete={(channel) => remove.mutate(channel)}
        labelledBy={headingId}
        testIds={{ list: "channel-list", item: "channel-item", delete: "channel-delete", more: "channel-list-more" }}
      />
      <SubscriptionsImport userId={userId} onChange={onChange} />
    </Section>
  );
}

/** A channel's round picture, decorative (its name is beside it); a plain circle when it has none or it fails. */
function ChannelImage({ url }: { url: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <span className="channel-image channel-image--none" aria-hidden="true" />;
  return (
    <img
      className="channel-image"
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-testid="channel-image"
    />
  );
}

function SubscriptionsImport({ userId, onChange }: ChannelsProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [state, setState] = useState<ImportStep>({ step: "idle" });
  const busy = state.step === "importing";

  const start = async (file: File, how: "chosen" | "dropped") => {
    if (busy) return;
    const problem = csvFileProblem(file, how);
    if (problem) return setState({ step: "problem", message: problem });
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setState({ step: "problem", message: "That file could not be read." });
    }
    const parsed = parseSubscriptions(text);
    if (!parsed.ok) return setState({ step: "problem", message: parsed.error });

    const fileName = file.name;
    const total = parsed.rows.length;
    let done = 0;
    let added = 0;
    let skipped = 0;
    let failed: string | null = null;
    setState({ step: "importing", fileName, done, total });
    for (const batch of batches(parsed.rows, CHANNEL_BATCH_MAX)) {
      try {
        const answer = await importChannels(batch);
        added += answer.added;
        skipped += answer.skipped;
      } catch (error) {
        console.error("channel import failed", error);
        // The rest would meet the same refusal (a session that ended, a limit reached): not sent.
        const rest = total - done - batch.length;
        failed = `${refusalText(error) ?? "The server could not import these channels."}${rest > 0 ? ` ${counted(rest, "channel")} not sent.` : ""}`;
        break;
      }
      done += batch.length;
      setState({ step: "importing", fileName, done, total });
      refreshChannels(queryClient, userId, onChange);
    }
    setState({ step: "done", fileName, added, skipped, unreadable: parsed.skipped, failed });
  };

  return (
    <section className="media-import" aria-labelledby={headingId} data-testid="subscriptions">
      <h3 id={headingId} className="media-import__title">
        import subscriptions
      </h3>
      <div className="media-import__how">
        <p>
          rather not link your account? at takeout.google.com, choose <strong>YouTube and YouTube Music</strong> and
          upload the <code>subscriptions.csv</code> from the export&apos;s subscriptions folder.
        </p>
      </div>
      <FileDrop
        accept=".csv,text/csv"
        chooseLabel="choose a .csv file"
        limit="or drop it here (2 MB at most)"
        busy={busy}
        onFile={(file, how) => void start(file, how)}
        testId="subscriptions"
      />
      {state.step === "problem" && (
        <p className="tune-form__problem" role="alert" data-testid="subscriptions-problem">
          {state.message}
        </p>
      )}
      {state.step === "importing" && (
        <div className="media-progress" data-testid="subscriptions-progress">
          <p className="media-progress__text">
            importing {state.fileName}: {state.done.toLocaleString("en")} of {counted(state.total, "channel")}
          </p>
          <div
            className="media-progress__bar"
            role="progressbar"
            aria-label={`importing ${state.fileName}`}
            aria-valuemin={0}
            aria-valuemax={state.total}
            aria-valuenow={state.done}
          >
            <span style={{ width: `${percent(state.done, state.total)}%` }} />
          </div>
        </div>
      )}
      {state.step === "done" && (
        <div className="media-summary" data-testid="subscriptions-summary">
          <p className="media-summary__head" role="status">
            done: {counted(state.added, "channel")} added from {state.fileName}
            {state.skipped > 0 ? `, ${state.skipped.toLocaleString("en")} already on your list` : ""}
            {state.unreadable > 0 ? `, ${counted(state.unreadable, "row")} without a channel skipped` : ""}.
          </p>
          {state.failed && (
            <p className="tune-form__problem" role="alert" data-testid="subscriptions-problem">
              {state.failed}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
