import type { EventBridgeEvent } from "aws-lambda";
import { purgeUnverified } from "@graph/core/auth";

export async function handler(_event: EventBridgeEvent<"Scheduled Event", unknown>) {
  const result = await purgeUnverified();
  console.log("purge-unverified", result);
  return result;
}
