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

/** Splits a list into runs of at most `size` (the API presigns and confirms ten files a request). */
export function inBatches<T>(items: readonly T[], size: number = IMAGE_LIMITS.perRequest): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Posts one file to the bucket with its presigned form, reporting bytes sent. XMLHttpRequest,
 * not fetch: only it reports upload progress. The bucket answers 204; anything else is refused
 * (a file over the form's size limit with `tooLarge`, by default the photos' words).
 */
export function postToBucket(
  ticket: { url: string; fields: Record<string, string> },
  file: Blob,
  onProgress: (sent: number) => void,
  tooLarge = "A file is too large. Max file size is 5MB.",
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
    // The file goes last: the bucket ignores fields after it.
    form.append("file", file);
    const request = new XMLHttpRequest();
    request.open("POST", ticket.url);
    request.upload.onprogress = (event) => onProgress(event.loaded);
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(
            new Error(bucketRefusal(request.responseText, tooLarge) ?? `The upload was refused (${request.status}).`),
          );
    request.onerror = () => reject(new Error("The upload failed. Please try again."));
    request.send(form);
  });
}

/** S3's XML error's message, if the answer is one. */
function bucketRefusal(xml: string, tooLarge: string): string | undefined {
  const code = /<Code>([^<]*)<\/Code>/.exec(xml)?.[1];
  if (code === "EntityTooLarge") return tooLarge;
  return /<Message>([^<]*)<\/Message>/.exec(xml)?.[1];
}
