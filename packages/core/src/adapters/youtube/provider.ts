import { Resource } from "sst";
import type { OAuthProvider } from "../oauth/index.ts";
import { YOUTUBE_SCOPE } from "../../modules/youtube/rules.ts";

/**
 * YouTube as graph's OAuth client sees it: Google's OAuth (the same client as Google sign-in,
 * its endpoints from `GoogleOidc`) with the read-only YouTube scope, offline access (a refresh
 * token) and the consent screen every time (Google gives a refresh token only then). The Data
 * API and the revocation endpoint are the linked `YouTubeApi`: Google's on AWS, the local
 * stand-in's without keys.
 */
export function youtubeProvider(): OAuthProvider {
  return {
    name: "youtube",
    clientId: Resource.GoogleClientId.value,
    clientSecret: Resource.GoogleClientSecret.value,
    authorizationEndpoint: Resource.GoogleOidc.authorizationEndpoint,
    tokenEndpoint: Resource.GoogleOidc.tokenEndpoint,
    redirectUri: `${Resource.Config.siteUrl.replace(/\/$/, "")}/api/youtube/api/callback`,
    scopes: [YOUTUBE_SCOPE],
    authorizationParams: { access_type: "offline", prompt: "consent" },
  };
}

export const apiUrl = (path: string) => `${Resource.YouTubeApi.apiUrl.replace(/\/$/, "")}${path}`;
export const revocationEndpoint = () => Resource.YouTubeApi.revocationEndpoint;

export const isConfigured = () => Resource.GoogleClientId.value !== "" && Resource.GoogleClientSecret.value !== "";
