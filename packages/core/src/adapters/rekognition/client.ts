import { RekognitionClient } from "@aws-sdk/client-rekognition";
import { withoutSdkLogging } from "../aws/index.ts";

/** Rekognition's client, imported by rekognition/index.ts at the first picture judged. */
export { DetectModerationLabelsCommand } from "@aws-sdk/client-rekognition";

export const client = withoutSdkLogging(new RekognitionClient({}));
