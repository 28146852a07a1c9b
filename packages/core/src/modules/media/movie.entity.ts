import type { EntityItem } from "electrodb";
import { Entity, entityConfig } from "../../adapters/dynamo/index.ts";

/**
 * A film on a person's list, keyed by its TMDB id (as text) so a second add finds the first; a
 * film imported from Letterboxd that TMDB did not find has no TMDB id and is keyed
 * `letterboxd-<hash of its name and year>` (see `letterboxdMovieId`).
 */
export const MovieEntity = /* @__PURE__ */ new Entity(
  {
    model: { entity: "movie", version: "1", service: "graph" },
    attributes: {
      userId: { type: "string", required: true, readOnly: true },
      movieId: { type: "string", required: true, readOnly: true },
      tmdbId: { type: "number", readOnly: true },
      title: { type: "string", required: true },
      releaseDate: { type: "string" },
      /** TMDB's relative poster path (`/abc.jpg`). */
      posterPath: { type: "string" },
      rating: { type: "number" },
      notes: { type: "string", required: true },
      letterboxdUri: { type: "string" },
      shelvedAt: { type: "number", required: true, padding: { length: 15, char: "0" } },
      addedAt: { type: "number", required: true, readOnly: true },
      updatedAt: { type: "number", required: true },
    },
    indexes: {
      byUser: {
        pk: { field: "pk", composite: ["userId"] },
        sk: { field: "sk", composite: ["movieId"] },
      },
      byShelvedAt: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["userId"] },
        sk: { field: "gsi1sk", composite: ["shelvedAt", "movieId"] },
      },
    },
  },
  entityConfig(),
);

export type Movie = EntityItem<typeof MovieEntity>;
