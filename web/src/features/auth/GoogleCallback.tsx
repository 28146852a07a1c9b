import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { GOOGLE_MESSAGES } from "@graph/core/modules/google/rules";
import { homeFor, useAuth } from "../../lib/session.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { finishGoogleSignIn } from "./api.ts";
import type { GoogleReturnState } from "./google.ts";

/**
 * Where Google sends the browser back (`/login/google/callback?code=&state=`): posts the code and
 * state once, then goes on — new people to onboarding, others home; an e-mail that already has
 * a password account to the login page in linking mode; a failure to the login page with the
 * message.
 */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  // The code and state work once: a second effect run (React's strict mode) must not post again.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    const toLogin = (state: GoogleReturnState) => {
      navigate("/login", { replace: true, state });
    };
    const code = params.get("code");
    const state = params.get("state");
    // Google's own refusal (`error=access_denied` when the person cancels) or a broken return.
    if (params.get("error") || !code || !state) {
      toLogin({ googleError: GOOGLE_MESSAGES.failedShort });
      return;
    }
    void (async () => {
      try {
        const result = await finishGoogleSignIn(code, state);
        const signedIn = await auth.login();
        navigate(homeFor({ isNewUser: signedIn.isAuthenticated ? signedIn.isNewUser : result.isNewUser }), {
          replace: true,
        });
      } catch (error) {
        const body = error instanceof ApiError ? error.body : null;
        if (
          error instanceof ApiError &&
          error.status === 409 &&
          typeof body?.email === "string" &&
          typeof body.linkingToken === "string"
        ) {
          toLogin({ googleLinking: { email: body.email, linkingToken: body.linkingToken } });
          return;
        }
        // The server's reason for a refusal; the spec's short message when it gave none.
        const status = error instanceof ApiError ? error.status : 0;
        toLogin({
          googleError:
            status >= 400 && status < 500 ? errorText(error, GOOGLE_MESSAGES.failed) : GOOGLE_MESSAGES.failedShort,
        });
      }
    })();
  }, [auth, navigate, params]);

  return (
    <div className="loading" role="status" aria-live="polite" data-testid="google-callback">
      signing in with Google...
    </div>
  );
}
