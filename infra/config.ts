import { teamEmail } from "./settings";
import { router } from "./web";

/** Plain settings the code reads as `Resource.Config`. */
export const config = new sst.Linkable("Config", {
  properties: {
    /** Public URL of the site, used for links in e-mails and the Origin check. */
    siteUrl: router.url,
    /** Where feedback from the app is forwarded. */
    teamEmail,
  },
});
