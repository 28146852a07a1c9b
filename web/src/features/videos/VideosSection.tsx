import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../lib/api.ts";
import { LoadFailed } from "../../components/LoadFailed.tsx";
import { Section } from "../../components/Section.tsx";
import { FileDrop } from "../media/FileDrop.tsx";
import { Notice } from "../media/ShelfState.tsx";
import { counted } from "../media-links/links.ts";
import { type Video, type WatchImport, deleteVideo, saveVideos, videosQuery } from "./api.ts";
import { bytesText, percent } from "./takeout.ts";
import { useWatchHistoryImport } from "./use-watch-history.ts";
import { ShownList } from "./ShownList.tsx";

/** The spec's words for a failed delete. */
export const VIDEO_DELETE_FAILED = "Failed to delete the video.";
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
  const videos = useQuery(videosQuery(userId));
  const key = videosQuery(userId).queryKey;
  const [problem, setProblem] = useState<string | null>(null);

  // Off the list at once; back in its place if the server refuses.
  const mutationKey = [...key, "delete"];
  const remove = useMutation({
    mutationKey,
    mutationFn: (video: Video) => deleteVideo(video.id),
    onMutate: async (video) => {
      setProblem(null);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) => list?.filter((v) => v.id !== video.id));
      return { before };
    },
    onError: (error, _video, context) => {
      console.error("video delete failed", error);
      if (context?.before) queryClient.setQueryData(key, context.before);
      setProblem(VIDEO_DELETE_FAILED);
    },
    onSettled: () => {
      // Read again once the last delete has settled (an earlier answer would bring back a later one).
      if (queryClient.isMutating({ mutationKey }) === 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });

  return (
    <Section title="youtube videos" count={videos.data?.length} headingId={headingId} testId="videos">
      <Notice problem={problem} done={null} onDismiss={() => setProblem(null)} testId="videos" />
      {videos.isError && !videos.data ? (
        <LoadFailed what="your videos" retry={() => void videos.refetch()} />
      ) : !videos.data ? (
        <p className="loading" role="status">
          loading your videos...
        </p>
      ) : videos.data.length === 0 ? (
        <p className="tune-section__empty">
          no videos yet: import your watch history below and pick the ones to show on your profile.
        </p>
      ) : (
        <ShownList items={videos.data} page={20} noun="videos" testId="video-list-more">
          {(shown) => (
            <ul className="media-shelf" aria-labelledby={headingId} data-testid="video-list">
              {shown.map((video) => (
                <li key={video.id} className="media-item" data-testid="video-item" data-id={video.id}>
                  <div className="media-item__row">
                    <div className="media-item__main">
                      <a
                        href={video.title_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="media-item__title text-link"
                      >
                        {video.title}
                      </a>
                      <span className="media-item__byline">{video.channel_name}</span>
                    </div>
                    <div className="media-item__actions">
                      <button
                        type="button"
                        className="button button--ghost media-item__action tune-row__delete"
                        aria-label={`delete ${video.title}`}
                        onClick={() => remove.mutate(video)}
                        data-testid="video-delete"
                      >
                        delete
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ShownList>
      )}
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

/** A processed video as saving sends it (its counts are not part of a saved video). */
function toSaved(video: WatchImport["topVideosByLatest"][number]) {
  const { id, title, title_url, channel_name, channel_url } = video;
  return { id, title, title_url, channel_name, channel_url };
}

/**
 * The import's outcome: the channels watched most, and the videos to pick (latest first) with
 * select all / none, saved to the profile together.
 */
function WatchPicker({ userId, state, fileName }: { userId: string; state: WatchImport; fileName: string }) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const processed = state.processedVideos.videos;
  const videos = processed.length > 0 ? processed : state.topVideosByLatest;
  const watched = new Map(processed.map((v) => [v.id, v]));
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const save = useMutation({
    mutationFn: () => saveVideos(videos.filter((v) => picked.has(v.id)).map(toSaved)),
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
        done: {counted(state.entries, "entry", "entries")} of {fileName} read, {counted(videos.length, "video")} to pick
        from.
      </p>

      {channels.length > 0 && (
        <div className="watch-result__channels">
          <h4 className="media-summary__why-title">your most watched channels</h4>
          <ol className="watch-channels" data-testid="watch-history-channels">
            {channels.map((channel) => (
              <li key={channel.url}>
                <a href={channel.url} target="_blank" rel="noopener noreferrer" className="text-link">
                  {channel.name}
                </a>{" "}
                <span className="media-item__byline">{counted(channel.watched, "video")} watched</span>
              </li>
            ))}
          </ol>
        </div>
      )}

      {videos.length === 0 ? (
        <p className="tune-section__empty">this history holds no videos that can be shown.</p>
      ) : (
        <fieldset className="watch-pick" aria-describedby={`${legendId}-count`}>
          <legend id={legendId} className="media-summary__why-title">
            latest videos: pick the ones to show on your profile
          </legend>
          <div className="watch-pick__bar">
            <span id={`${legendId}-count`} className="media-item__byline" data-testid="watch-history-picked">
              {picked.size.toLocaleString("en")} of {videos.length.toLocaleString("en")} picked
            </span>
            <button
              type="button"
              className="button button--ghost media-item__action"
              onClick={() => setPicked(new Set(videos.map((v) => v.id)))}
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
          <ShownList items={videos} page={PICK_PAGE} noun="videos" testId="watch-history-more">
            {(shown) => (
              <ul className="watch-pick__list" data-testid="watch-history-videos">
                {shown.map((video) => {
                  const seen = watched.get(video.id);
                  return (
                    <li key={video.id}>
                      <label className="watch-pick__video" data-testid="watch-history-video" data-id={video.id}>
                        <input
                          type="checkbox"
                          checked={picked.has(video.id)}
                          onChange={(event) => toggle(video.id, event.target.checked)}
                        />
                        <span className="media-item__main">
                          <span className="media-item__title">{video.title}</span>
                          <span className="media-item__byline">
                            {video.channel_name}
                            {seen ? ` · watched ${counted(seen.watched, "time")}` : ""}
                            {seen?.lastWatchedAt
                              ? ` · last ${new Date(seen.lastWatchedAt).toLocaleDateString("en")}`
                              : ""}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </ShownList>
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
        </fieldset>
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
