/**
 * A Takeout watch history's import, from the file chosen to the videos to pick: the file is
 * checked, uploaded straight to storage with a presigned form (bytes sent shown), handed to the
 * server's worker, and its state read until the worker is done (bytes and entries read shown).
 */
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, errorText } from "../../lib/api.ts";
import { postToBucket } from "../../lib/upload.ts";
import { type WatchImport, readImport, startImport, uploadTicket } from "./api.ts";
import { WATCH_HISTORY_INVALID, watchHistoryProblem } from "./takeout.ts";

/** How often the import's state is read while the worker is on it. */
export const IMPORT_POLL_MS = 1_000;

export type WatchHistoryStep =
  | { step: "idle" }
  | { step: "problem"; message: string }
  | { step: "uploading"; fileName: string; sent: number; total: number }
  | { step: "processing"; fileName: string; uploadId: string };

const UPLOAD_FAILED = "The upload failed. Please try again.";

/** What a failed step says: the server's words when it gave some, the upload's own otherwise. */
function failureText(error: unknown): string {
  if (error instanceof ApiError) return errorText(error, UPLOAD_FAILED);
  return error instanceof Error && error.message ? error.message : UPLOAD_FAILED;
}

const importKey = (uploadId: string | null) => ["youtube", "watch-import", uploadId] as const;

const isRunning = (state: WatchImport | undefined) =>
  !state || state.status === "waiting" || state.status === "processing";

export function useWatchHistoryImport() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WatchHistoryStep>({ step: "idle" });
  const uploadId = step.step === "processing" ? step.uploadId : null;

  // Read again while the worker is on it; once done or failed it stays as it ended.
  const state = useQuery({
    queryKey: importKey(uploadId),
    queryFn: ({ signal }) => readImport(uploadId!, signal),
    enabled: uploadId !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? IMPORT_POLL_MS : false),
    staleTime: Infinity,
  });

  const busy = step.step === "uploading" || (step.step === "processing" && isRunning(state.data));

  const start = async (file: File) => {
    if (busy) return;
    const problem = watchHistoryProblem(file);
    if (problem) return setStep({ step: "problem", message: problem });
    const fileName = file.name;
    setStep({ step: "uploading", fileName, sent: 0, total: file.size });
    try {
      const ticket = await uploadTicket(fileName, file.size);
      await postToBucket(
        ticket,
        file,
        (sent) => setStep({ step: "uploading", fileName, sent, total: file.size }),
        WATCH_HISTORY_INVALID,
      );
      // The start answers the import's state: shown at once, then read again while it runs.
      queryClient.setQueryData(importKey(ticket.uploadId), await startImport(ticket.uploadId));
      setStep({ step: "processing", fileName, uploadId: ticket.uploadId });
    } catch (error) {
      console.error("watch history upload failed", error);
      setStep({ step: "problem", message: failureText(error) });
    }
  };

  return {
    step,
    /** The server's state of the import (while processing and after). */
    state: state.data,
    /** Reading the state failed (the import may still be running on the server). */
    readFailed: state.isError ? failureText(state.error) : null,
    busy,
    start,
    reset: () => setStep({ step: "idle" }),
  };
}
