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
