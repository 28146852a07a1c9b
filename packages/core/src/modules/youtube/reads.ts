import * as Connections from "../connections/index.ts";
import { channelCount } from "./channels.ts";

export interface YouTubeStatus extends Connections.LinkState {
  channels: number;
}

/** How the person's YouTube link stands and how many channels they keep (never a token). */
export async function status(userId: string): Promise<YouTubeStatus> {
  const [link, channels] = await Promise.all([Connections.linkState("youtube", userId), channelCount(userId)]);
  return { ...link, channels };
}
