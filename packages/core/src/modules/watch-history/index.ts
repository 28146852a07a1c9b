/**
 * YouTube watch history: importing a Google Takeout `watch-history.json` (uploaded straight to
 * the Imports bucket, streamed by the import queue's worker into a summary of the latest and
 * most watched videos and channels), and the videos a person keeps on their profile from it,
 * within a cap, with their holders for mutual interests.
 */
export {
  importState,
  presignTakeout,
  processImport,
  startImport,
  type ImportView,
  type UploadTicket,
} from "./imports.ts";
export { deleteVideo, heldVideos, listVideos, saveVideos, videoCount, videoShelf, type NewVideo } from "./videos.ts";
export { readTakeout, TakeoutError, type TakeoutSummary } from "./takeout.ts";
export * from "./rules.ts";
export { purgeAccount } from "./purge.ts";
export { personData } from "./person-data.ts";
