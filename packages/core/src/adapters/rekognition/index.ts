/** Why a picture may not be shown, or undefined when it may. */
export interface Moderator {
  judge(jpeg: Uint8Array): Promise<string | undefined>;
}

/** Labels at or above this confidence block a picture. */
const MIN_CONFIDENCE = 60;

/**
 * Amazon Rekognition's moderation labels: the first (most specific, most confident) label is the
 * reason. Region and endpoint come from the standard AWS environment; the local runtime points
 * it at a stand-in (packages/local/src/aws/rekognition.ts) that answers the same protocol. The
 * client (client.ts) is imported at the first picture judged.
 */
export class RekognitionModerator implements Moderator {
  async judge(jpeg: Uint8Array): Promise<string | undefined> {
    const { client, DetectModerationLabelsCommand } = await import("./client.ts");
    const { ModerationLabels = [] } = await client.send(
      new DetectModerationLabelsCommand({ Image: { Bytes: jpeg }, MinConfidence: MIN_CONFIDENCE }),
    );
    const labels = ModerationLabels.filter((l) => (l.Confidence ?? 0) >= MIN_CONFIDENCE && l.Name);
    if (labels.length === 0) return undefined;
    // The most specific label says most: a child label (with a parent) over its top-level category.
    const best = [...labels].sort(
      (a, b) => (b.TaxonomyLevel ?? 1) - (a.TaxonomyLevel ?? 1) || (b.Confidence ?? 0) - (a.Confidence ?? 0),
    )[0]!;
    return best.Name;
  }
}

let moderator: Moderator = new RekognitionModerator();

export const currentModerator = () => moderator;

/** Swaps the moderator (tests of the domain without any stand-in). */
export function useModerator(next: Moderator) {
  moderator = next;
}
