import { Resource } from "sst";
import type { OAuthProvider } from "../oauth/index.ts";
import { SPOTIFY_SCOPES } from "../../modules/spotify/rules.ts";

/**
 * Spotify as graph's OAuth client sees it. The endpoints and the Web API's address are the
 * linked `Spotify` resource (Spotify's own on AWS, the local stand-in's without keys), the
 * client the `SpotifyClientId`/`SpotifyClientSecret` secrets.
 */
export function spotifyProvider(): OAuthProvider {
  return {
    name: "spotify",
    clientId: Resource.SpotifyClientId.value,
    clientSecret: Resource.SpotifyClientSecret.value,
    authorizationEndpoint: Resource.Spotify.authorizationEndpoint,
    tokenEndpoint: Resource.Spotify.tokenEndpoint,
    redirectUri: `${Resource.Config.siteUrl.replace(/\/$/, "")}/api/spotify/api/callback`,
    scopes: SPOTIFY_SCOPES,
  };
}

export const apiUrl = (path: string) => `${Resource.Spotify.apiUrl.replace(/\/$/, "")}${path}`;

export const isConfigured = () => Resource.SpotifyClientId.value !== "" && Resource.SpotifyClientSecret.value !== "";
