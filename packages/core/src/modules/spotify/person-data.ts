import { declarePersonData } from "../../lib/person-data/index.ts";
import { countedEntries } from "../holders/index.ts";
import { purgeAccount } from "./link.ts";
import { heldArtists, heldTracks, listArtists, listTracks } from "./reads.ts";

/** The Spotify link, its top tracks and artists: each an interest (weighed by its holders) and a profile section. */
export const personData = /* @__PURE__ */ declarePersonData({
  deletion: { name: "spotify", run: (a) => purgeAccount(a.userId) },
  interests: [
    { kind: "track", section: "tracks", build: countedEntries("track", heldTracks) },
    { kind: "artist", section: "artists", build: countedEntries("artist", heldArtists) },
  ],
  sections: {
    tracks: (userId: string, limit: number) => listTracks(userId, limit),
    artists: (userId: string, limit: number) => listArtists(userId, limit),
  },
});
