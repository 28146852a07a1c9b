import { teamEmail } from "./settings";
import { router } from "./web";

/** Plain settings the code reads as `Resource.Config`. */
export const config = new sst.Linkable("Config", {
  properties: {
    /** Public URL of the site, used for links in e-mails and the Origin check. */
    siteUrl: router.url,
    /** Where feedback from the app is forwarded. */
    teamEmail,
    /** Whether sources people suggest may live on private addresses (never on AWS). */
    allowPrivateFeeds: false,
    /**
     * Which catalogue the scheduled ingest keeps the sources in step with: "production" (the
     * bundled public feeds) or "none" (the local runtime loads its own demo feeds itself).
     */
    catalogue: "production",
  },
});
