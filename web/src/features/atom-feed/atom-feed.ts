/** The Atom feed section's words and choices (no I/O). */
import type { AtomFeedState } from "./api.ts";

export const ATOM_FEED_TEXT = {
  off: "read your picks in any feed reader (Feedly, Inoreader, NetNewsWire, Miniflux…) through a private address.",
  on: "anyone with this address can read your picks: keep it to yourself. each entry lists the topics that matched.",
  unreadable: "this address can no longer be shown. make a new one to read your picks again.",
  confirmNew: "Make a new address? The current one stops working at once.",
  confirmOff: "Turn off your Atom feed? Its address stops working at once.",
  failed: "couldn't change your Atom feed. please try again.",
  copied: "address copied",
  copyFailed: "couldn't copy: the address is selected, copy it by hand.",
} as const;

/** What the section shows: off, on with its address, or on with an address that can't be shown. */
export function atomFeedView(state: AtomFeedState): "off" | "on" | "unreadable" {
  if (!state.enabled) return "off";
  return state.url ? "on" : "unreadable";
}
