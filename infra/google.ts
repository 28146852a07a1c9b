/**
 * Where Google sign-in's OpenID provider lives (Google's published endpoints, from
 * https://accounts.google.com/.well-known/openid-configuration). The code reads them as
 * `Resource.GoogleOidc`; the local runtime links its stand-in's instead when it has no Google
 * credentials, so the same code runs against either.
 */
export const googleOidc = new sst.Linkable("GoogleOidc", {
  properties: {
    issuer: "https://accounts.google.com",
    authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenEndpoint: "https://oauth2.googleapis.com/token",
    jwksUri: "https://www.googleapis.com/oauth2/v3/certs",
  },
});
