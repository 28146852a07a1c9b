import { useNavigate } from "react-router-dom";

/** `/unsubscribe-success`: where an unsubscribe link ends once the digest is off. */
export function UnsubscribeSuccessPage() {
  const navigate = useNavigate();
  return (
    <section className="page page--center" aria-labelledby="unsubscribed-heading">
      <h1 id="unsubscribed-heading" className="page__title">
        you're unsubscribed.
      </h1>
      <p className="lede">you won't get these e-mails any more. you can turn them back on in settings at any time.</p>
      <button type="button" className="button button--primary" onClick={() => void navigate("/")} data-testid="go-home">
        go back home
      </button>
    </section>
  );
}
