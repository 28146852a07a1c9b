import { useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IMAGE_LIMITS, IMAGE_MESSAGES, IMAGE_TYPES } from "@graph/core/modules/images/rules";
import { useAuth } from "../../lib/session.tsx";
import { errorText } from "../../lib/api.ts";
import { QueryState } from "../../components/QueryState.tsx";
import { Section } from "../../components/Section.tsx";
import { type ProfileImage, confirmUploads, deleteImage, imagesQuery, makePrimary, presignUploads } from "./api.ts";
import { batches } from "../../lib/batches.ts";
import { postToBucket } from "../../lib/upload.ts";
import { choiceProblem } from "./photo-upload.ts";
import { useConfirm } from "../../components/Confirm.tsx";
import "./profile-photos.css";

interface Blocked {
  name: string;
  reason: string;
}

/**
 * The profile tab's photos: choose files (checked here first, in the spec's words), upload them
 * straight to the bucket with progress shown, then confirm; the server's moderation may block
 * some, which are listed by name and reason. Each photo can be made primary or deleted.
 */
export function ProfilePhotos() {
  const { userId } = useAuth();
  const id = userId ?? "";
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const key = imagesQuery(id).queryKey;
  const images = useQuery(imagesQuery(id));
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<Blocked[]>([]);
  const [firstIsPrimary, setFirstIsPrimary] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const primaryId = useId();
  const count = images.data?.length ?? 0;

  const upload = async (files: File[]) => {
    setProblem(null);
    setBlocked([]);
    const refusal = choiceProblem(files, count, id);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    const total = files.reduce((sum, f) => sum + f.size, 0);
    const sent = new Map<File, number>();
    const report = () => setProgress(Math.round((100 * [...sent.values()].reduce((a, b) => a + b, 0)) / total));
    setProgress(0);
    const newlyBlocked: Blocked[] = [];
    try {
      for (const [batchIndex, batch] of batches(files, IMAGE_LIMITS.perRequest).entries()) {
        const { uploads } = await presignUploads(id, batch);
        await Promise.all(
          uploads.map((ticket, i) =>
            postToBucket(ticket, batch[i]!, (bytes) => {
              sent.set(batch[i]!, bytes);
              report();
            }),
          ),
        );
        const answer = await confirmUploads(
          id,
          uploads.map((ticket, i) => ({
            key: ticket.key,
            name: ticket.name,
            isPrimary: firstIsPrimary && batchIndex === 0 && i === 0,
          })),
        );
        newlyBlocked.push(...answer.blocked);
        queryClient.setQueryData(key, (list) => {
          const next = [...(list ?? []), ...answer.images];
          // A new primary photo takes the mark from the old one.
          return answer.images.some((image) => image.is_primary)
            ? next.map((image) => ({
                ...image,
                is_primary: answer.images.some((a) => a.id === image.id && a.is_primary),
              }))
            : next;
        });
      }
    } catch (error) {
      setProblem(error instanceof Error && !("status" in error) ? error.message : errorText(error, "Upload failed."));
    } finally {
      setBlocked(newlyBlocked);
      setProgress(null);
      if (input.current) input.current.value = "";
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const choosePrimary = async (image: ProfileImage) => {
    setBusyId(image.id);
    setProblem(null);
    try {
      const answer = await makePrimary(image.id);
      queryClient.setQueryData(key, answer.images);
    } catch (error) {
      console.error("setting the primary photo failed", error);
      setProblem(errorText(error, "Failed to set the primary photo."));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (image: ProfileImage) => {
    if (!(await confirm(`Delete ${image.name}?`, "delete"))) return;
    setBusyId(image.id);
    setProblem(null);
    try {
      const answer = await deleteImage(image.id);
      queryClient.setQueryData(key, answer.images);
    } catch (error) {
      console.error("deleting a photo failed", error);
      setProblem(errorText(error, "Failed to delete the photo."));
    } finally {
      setBusyId(null);
    }
  };

  const uploading = progress !== null;
  return (
    // "photos " keeps the space this title has always put before its count.
    <Section
      title="photos "
      count={`${count}/${IMAGE_LIMITS.maxImages}`}
      className="profile-photos"
      testId="profile-photos"
    >
      <div className="tune-form">
        <label htmlFor={inputId} className="tune-form__label">
          add photos (JPEG, PNG, WebP or GIF, up to 5MB each)
        </label>
        <div className="tune-form__row">
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={IMAGE_TYPES.join(",")}
            disabled={uploading || id === ""}
            onChange={(event) => void upload([...(event.target.files ?? [])])}
            data-testid="profile-photos-input"
          />
        </div>
        <label htmlFor={primaryId} className="profile-photos__primary-choice">
          <input
            id={primaryId}
            type="checkbox"
            checked={firstIsPrimary}
            onChange={(event) => setFirstIsPrimary(event.target.checked)}
          />{" "}
          make the first new photo my primary photo
        </label>
        {uploading ? (
          <div className="profile-photos__progress" data-testid="profile-photos-progress">
            <progress max={100} value={progress} aria-label="upload progress" />
            <span aria-live="polite">uploading... {progress}%</span>
          </div>
        ) : null}
        {problem ? (
          <p className="tune-form__problem" role="alert" data-testid="profile-photos-problem">
            {problem}
          </p>
        ) : null}
        {blocked.length > 0 ? (
          <div className="tune-form__problem" role="alert" data-testid="profile-photos-blocked">
            <p>{IMAGE_MESSAGES.blocked(blocked.length)}</p>
            <ul>
              {blocked.map((b, i) => (
                <li key={`${b.name}-${i}`}>
                  {b.name}: {b.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <QueryState query={images} what="your photos" empty={<p className="tune-section__empty">no photos yet</p>}>
        {(list) => (
          <ul className="profile-photos__grid" data-testid="profile-photos-list">
            {list.map((image) => (
              <li key={image.id} className="profile-photos__item" data-primary={image.is_primary}>
                <img src={image.thumb_url} alt={image.name} width={160} height={160} loading="lazy" />
                <div className="profile-photos__actions">
                  {image.is_primary ? (
                    <span className="profile-photos__badge">primary</span>
                  ) : (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busyId !== null}
                      onClick={() => void choosePrimary(image)}
                    >
                      make primary
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busyId !== null}
                    onClick={() => void remove(image)}
                    aria-label={`delete ${image.name}`}
                  >
                    delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
