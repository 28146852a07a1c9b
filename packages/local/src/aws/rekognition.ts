import type { Hono } from "hono";
import sharp from "sharp";

/**
 * Amazon Rekognition's JSON protocol, DetectModerationLabels only: enough for the production
 * moderation code (RekognitionClient) to run unchanged against the local runtime.
 *
 * It cannot judge pictures, so it blocks a marker instead: an image filled with one of the
 * colours below (every pixel within a few levels of it) is labelled as that entry says. A flat
 * colour survives everything the pipeline does to a picture before moderation (re-encoding,
 * resizing, dropping metadata, auto-rotation), unlike bytes or metadata hidden in the file.
 * Anything else gets no labels.
 */
export const MODERATION_MARKERS = [
  { rgb: [255, 0, 255], name: "Explicit Nudity", parentName: "" },
  { rgb: [0, 255, 255], name: "Graphic Violence Or Gore", parentName: "Violence" },
] as const;

/** Rekognition takes at most 5 MB of image bytes in a request. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export function mountRekognition(app: Hono, basePath: string) {
  app.post(`${basePath}/*`, async (c) => {
    const fail = (type: string, message: string) =>
      c.json({ __type: type, Message: message }, 400, { "Content-Type": "application/x-amz-json-1.1" });
    const action = (c.req.header("x-amz-target") ?? "").replace("RekognitionService.", "");
    if (action !== "DetectModerationLabels")
      return fail("InvalidParameterException", `${action} is not supported locally.`);
    let request: { Image?: { Bytes?: unknown; S3Object?: unknown }; MinConfidence?: unknown };
    try {
      request = await c.req.json<typeof request>();
    } catch {
      return fail("SerializationException", "Malformed request body.");
    }
    if (typeof request.Image?.Bytes !== "string")
      return fail("InvalidParameterException", "Request has invalid parameters (Image.Bytes is required locally).");
    const bytes = Buffer.from(request.Image.Bytes, "base64");
    if (bytes.length > MAX_IMAGE_BYTES) return fail("ImageTooLargeException", "Image size is too large.");
    let means: number[];
    let deviations: number[];
    try {
      const meta = await sharp(bytes).metadata();
      if (meta.format !== "jpeg" && meta.format !== "png")
        return fail("InvalidImageFormatException", "Request has invalid image format");
      const { channels } = await sharp(bytes).removeAlpha().toColourspace("srgb").stats();
      means = channels.map((s) => s.mean);
      deviations = channels.map((s) => s.stdev);
    } catch {
      return fail("InvalidImageFormatException", "Request has invalid image format");
    }
    const minConfidence = typeof request.MinConfidence === "number" ? request.MinConfidence : 50;
    const confidence = 99.2;
    const marker = MODERATION_MARKERS.find(
      (m) => means.length >= 3 && m.rgb.every((v, i) => Math.abs(means[i]! - v) < 12 && deviations[i]! < 12),
    );
    const labels =
      marker && confidence >= minConfidence
        ? [
            ...(marker.parentName
              ? [{ Confidence: confidence, Name: marker.parentName, ParentName: "", TaxonomyLevel: 1 }]
              : []),
            {
              Confidence: confidence,
              Name: marker.name,
              ParentName: marker.parentName,
              TaxonomyLevel: marker.parentName ? 2 : 1,
            },
          ]
        : [];
    return c.json({ ModerationLabels: labels, ModerationModelVersion: "7.0" }, 200, {
      "Content-Type": "application/x-amz-json-1.1",
    });
  });
}
