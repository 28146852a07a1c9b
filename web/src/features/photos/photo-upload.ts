/** Profile photos in the browser: the checks made before anything is sent, and the straight-to-bucket upload. */
import { IMAGE_LIMITS, IMAGE_MESSAGES, isImageType } from "@graph/core/modules/images/rules";

/**
 * The first problem with a choice of files, in the spec's words, or null when it may be sent:
 * no files, a file of another type, one over 5 MB, or more photos than 50 in total.
 */
export function choiceProblem(
  files: ReadonlyArray<{ name: string; type: string; size: number }>,
  existing: number,
  userId: string,
): string | null {
  if (!userId) return IMAGE_MESSAGES.noUser;
  if (files.length === 0) return IMAGE_MESSAGES.noFiles;
  for (const file of files) {
    if (!isImageType(file.type)) return IMAGE_MESSAGES.notAnImage(file.name);
    if (file.size > IMAGE_LIMITS.maxBytes) return IMAGE_MESSAGES.tooLarge(file.name);
  }
  if (existing + files.length > IMAGE_LIMITS.maxImages) return IMAGE_MESSAGES.tooMany;
  return null;
}
