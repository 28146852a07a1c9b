import { useId, useState } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { Section } from "../../components/Section.tsx";
import { FileDrop } from "../../components/FileDrop.tsx";
import { Notice, OwnerList } from "../../components/OwnerList.tsx";
import { listCount } from "../../lib/paged-list.ts";
import { batches } from "../../lib/batches.ts";
import { counted } from "../../lib/words.ts";
import { type Video, type WatchImport, deleteVideo, saveVideos, videosQuery } from "./api.ts";
import { VIDEO_BATCH_MAX, WATCH_HISTORY_MESSAGES } from "@graph/core/modules/watch-history/rules";
import { bytesText, percent } from "./takeout.ts";
import { useWatchHistoryImport } from "./use-watch-history.ts";
import { ShownList } from "./ShownList.tsx";
import { useListDelete } from "./use-list-delete.ts";
import "./videos.css";

/** The spec's words for a failed delete. */
export const VIDEO_DELETE_FAILED = WATCH_HISTORY_MESSAGES.deleteFailed;
/** Most watched channels shown after an import. */
const TOP_CHANNELS = 10;
/** Videos to pick shown at first, and added by each "show more". */
const PICK_PAGE = 20;

/**
 * The media tab's YouTube videos: the ones on the person's profile, to delete, and the import of
 * a Takeout watch history, from which the person picks the videos to show.
 */
export function VideosSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const options = videosQuery(userId);
  const videos = useInfiniteQuery(options);
  const [problem, setProblem] = useState<string | null>(null);

  const remove = useListDelete<Video>({
    key: options.queryKey,
    remove: (video) => deleteVideo(video.id),
    onStart: () => setProblem(null),
    onFailed: (error) => {
      console.error("video delete failed", error);
      setProblem(VIDEO_DELETE_FAILED);
    },
    refresh: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
  });

  return (
    <Section
      title="youtube videos"
      count={videos.data ? listCount(videos.data) : undefined}
      headingId={headingId}
      testId="videos"
    >
      <Notice problem={problem} done={null} onDismiss={() => setProblem(null)} testId="videos" />
      <OwnerList<Video>
        list={videos}
        what="your videos"
        empty="no videos yet: import your watch history below and pick the ones to show on your profile."
        row={(video) => ({
          id: video.id,
          title: video.title,
          text: (
            <>
              <a
                href={video.title_url}
                target="_blank"
                rel="noopener noreferrer"
                className="media-item__title text-link"
              >
                {video.title}
              </a>
              <span className="media-item__byline">{video.channel_name}</span>
            </>
          ),
        })}
        onDelete={(video) => remove.mutate(video)}
        labelledBy={headingId}
        testIds={{ list: "video-list", item: "video-item", delete: "video-delete", more: "video-list-more" }}
      />
      <WatchHistoryImport userId={userId} />
    </Section>
  );
}

function WatchHistoryImport({ userId }: { userId: string }) {
  const headingId = useId();
  const { step, state, readFailed, busy, start } = useWatchHistoryImport();

  return (
    <section className="media-import" aria-labelledby={headingId} data-testid="watch-history">
      <h3 id={headingId} className="media-import__title">
        import your watch history
      </h3>
      <div className="media-import__how">
        <p>
          at takeout.google.com, choose only <strong>YouTube and YouTube Music</strong>, set the history format to{" "}
          <strong>JSON</strong>, and upload the <code>watch-history.json</code> from the export. you pick which videos
          show on your profile; the file is deleted once read.
        </p>
      </div>
      <FileDrop
        accept=".json,application/json"
        chooseLabel="choose a .json file"
        limit="or drop it here (15 MB at most)"
        busy={busy}
        onFile={(file) => void start(file)}
        testId="watch-history"
      />

      {step.step === "problem" && (
        <p className="tune-form__problem" role="alert" data-testid="watch-history-problem">
          {step.message}
        </p>
      )}
      {step.step === "uploading" && (
        <Progress
          text={`uploading ${step.fileName}: ${bytesText(step.sent)} of ${bytesText(step.total)}`}
          label={`uploading ${step.fileName}`}
          done={percent(step.sent, step.total)}
        />
      )}
      {step.step === "processing" && readFailed && !state && (
        <p className="tune-form__problem" role="alert" data-testid="watch-history-problem">
          {readFailed}
        </p>
      )}
      {step.step === "processing" && state && (state.status === "waiting" || state.status === "processing") && (
        <Progress
          text={
            state.status === "waiting"
              ? `${step.fileName} is uploaded, waiting to be read...`
              : `reading ${step.fileName}: ${bytesText(state.bytesRead)} of ${bytesText(state.bytesTotal)}, ${counted(state.entries, "entry", "entries")}`
          }
          label={`reading ${step.fileName}`}
          done={percent(state.bytesRead, state.bytesTotal)}
        />
      )}
      {step.step === "processing" && state?.status === "failed" && (
        <p className="tune-form__problem" role="alert" data-testid="watch-history-problem">
          {state.message ?? "The watch history could not be read."}
        </p>
      )}
      {step.step === "processing" && state?.status === "done" && (
        <WatchPicker key={state.uploadId} userId={userId} state={state} fileName={step.fileName} />
      )}
    </section>
  );
}

function Progress({ text, label, done }: { text: string; label: string; done: number }) {
  return (
    <div className="media-progress" data-testid="watch-history-progress">
      <p className="media-progress__text">{text}</p>
      <div
        className="media-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
        aria-valuetext={text}
      >
        <span style={{ width: `${done}%` }} />
      </div>
    </div>
  );
}

type PickVideo = WatchImport["topVideosByLatest"][number];

/** A processed video as saving sends it (its counts are not part of a saved video). */
function toSaved(video: PickVideo) {
  const { id, title, title_url, channel_name, channel_url } = video;
  return { id, title, title_url, channel_name, channel_url };
}

/** Sends the picked videos in as many calls as the API's batch limit needs, adding up what each answered. */
async function saveAll(videos: PickVideo[]) {
  let added = 0;
  let skipped = 0;
  for (const batch of batches(videos.map(toSaved), VIDEO_BATCH_MAX)) {
    const answer = await saveVideos(batch);
    added += answer.added;
    skipped += answer.skipped;
  }
  return { added, skipped };
}

/**
 * The import's outcome: the channels watched most, and the videos to pick — the latest first, and
 * the most watched — with select all / none, saved to the profile together.
 */
function WatchPicker({ userId, state, fileName }: { userId: string; state: WatchImport; fileName: string }) {
  const queryClient = useQueryClient();
  const latest = state.topVideosByLatest;
  const mostWatched = state.processedVideos.videos;
  // Every video either list offers, once (the latest first), with how often it was watched.
  const all = new Map<string, PickVideo>();
  for (const video of [...latest, ...mostWatched]) if (!all.has(video.id)) all.set(video.id, video);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const save = useMutation({
    mutationFn: () => saveAll([...all.values()].filter((v) => picked.has(v.id))),
    onMutate: () => setOutcome(null),
    onSuccess: ({ added, skipped }) =>
      setOutcome({
        ok: true,
        text: `saved: ${counted(added, "video")} added to your profile${skipped > 0 ? `, ${skipped.toLocaleString("en")} already there` : ""}.`,
      }),
    onError: (error) => {
      console.error("saving videos failed", error);
      setOutcome({ ok: false, text: errorText(error, "Failed to save the videos.") });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: videosQuery(userId).queryKey }),
  });

  const toggle = (id: string, on: boolean) =>
    setPicked((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const channels = state.processedVideos.channels.slice(0, TOP_CHANNELS);
  return (
    <div className="watch-result" data-testid="watch-history-result">
      <p className="media-summary__head" role="status">
        done: {counted(state.entries, "entry", "entries")} of {fileName} read, {counted(all.size, "video")} to pick
        from.
      </p>
      {state.message && <p className="media-item__byline">{state.message}</p>}

      {channels.length > 0 && (
        <div className="watch-result__channels">
          <h4 className="media-summary__why-title">your most watched channels</h4>
          <ol className="watch-channels" data-testid="watch-history-channels">
            {channels.map((channel) => (
              <li key={channel.url || channel.name}>
                {channel.url ? (
                  <a href={channel.url} target="_blank" rel="noopener noreferrer" className="text-link">
                    {channel.name}
                  </a>
                ) : (
                  channel.name
                )}{" "}
                <span className="media-item__byline">{counted(channel.watched, "video")} watched</span>
              </li>
            ))}
          </ol>
        </div>
      )}

      {all.size === 0 ? (
        <p className="tune-section__empty">this history holds no videos that can be shown.</p>
      ) : (
        <>
          <div className="watch-pick__bar">
            <span className="media-item__byline" role="status" data-testid="watch-history-picked">
              {picked.size.toLocaleString("en")} of {all.size.toLocaleString("en")} picked
            </span>
            <button
              type="button"
              className="button button--ghost media-item__action"
              onClick={() => setPicked(new Set(all.keys()))}
              data-testid="watch-history-all"
            >
              select all
            </button>
            <button
              type="button"
              className="button button--ghost media-item__action"
              onClick={() => setPicked(new Set())}
              data-testid="watch-history-none"
            >
              select none
            </button>
          </div>
          <PickList
            legend="latest videos: pick the ones to show on your profile"
            videos={latest}
            picked={picked}
            onToggle={toggle}
            testId="watch-history-latest"
          />
          {mostWatched.length > 0 && (
            <details className="watch-pick__more">
              <summary>most watched videos ({mostWatched.length.toLocaleString("en")})</summary>
              <PickList
                legend="most watched videos"
                videos={mostWatched}
                picked={picked}
                onToggle={toggle}
                testId="watch-history-most"
              />
            </details>
          )}
          <div className="watch-pick__bar">
            <button
              type="button"
              className="button button--primary"
              disabled={picked.size === 0 || save.isPending}
              onClick={() => save.mutate()}
              data-testid="watch-history-save"
            >
              {save.isPending ? "saving..." : `save ${counted(picked.size, "video")} to your profile`}
            </button>
          </div>
        </>
      )}
      <p
        role="status"
        className={outcome && !outcome.ok ? "tune-form__problem" : "media-notice__done"}
        data-testid="watch-history-saved"
      >
        {outcome?.text}
      </p>
    </div>
  );
}

/** Videos with a checkbox each, shown a page at a time (a video in both lists is checked in both). */
function PickList(props: {
  legend: string;
  videos: PickVideo[];
  picked: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  testId: string;
}) {
  const { legend, videos, picked, onToggle, testId } = props;
  if (videos.length === 0) return null;
  return (
    <fieldset className="watch-pick" data-testid={testId}>
      <legend className="media-summary__why-title">{legend}</legend>
      <ShownList items={videos} page={PICK_PAGE} noun="videos" testId={`${testId}-more`}>
        {(shown) => (
          <ul className="watch-pick__list">
            {shown.map((video) => (
              <li key={video.id}>
                <label className="watch-pick__video" data-testid="watch-history-video" data-id={video.id}>
                  <input
                    type="checkbox"
                    checked={picked.has(video.id)}
                    onChange={(event) => onToggle(video.id, event.target.checked)}
                  />
                  <span className="media-item__main">
                    <span className="media-item__title">{video.title}</span>
                    <span className="media-item__byline">
                      {video.channel_name}
                      {` · watched ${counted(video.watched, "time")}`}
                      {video.lastWatchedAt ? ` · last ${new Date(video.lastWatchedAt).toLocaleDateString("en")}` : ""}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </ShownList>
    </fieldset>
  );
}
