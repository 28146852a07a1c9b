/**
 * A person's private Atom feed of their picks: turned on with a secret, revocable address
 * (looked up by its hash, kept sealed to be shown again), and rendered as Atom 1.0 with
 * conditional GET (ETag, Last-Modified).
 */
export {
  feedUrl,
  purgeAccount,
  read,
  state,
  turnOff,
  turnOn,
  type AtomAnswer,
  type AtomFeedState,
  type Conditions,
} from "./feeds.ts";
export { personData } from "./person-data.ts";
