import { Resource } from "sst";
import { observed } from "../observed.ts";
import { profilePageHandler } from "./profile-page.ts";

/**
 * The profile page function, behind the router's `/_profile` route (its function URL), where the
 * router's CloudFront function sends `/{username}` (infra/profile-pages.ts).
 */
export const handler = observed("profile-pages", profilePageHandler(Resource.Config.siteUrl));
