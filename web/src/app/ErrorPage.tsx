import { isRouteErrorResponse, useRouteError } from "react-router-dom";

export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="site-main">
      <section className="page page--center" aria-labelledby="error-heading" data-testid="app-error">
        <h1 id="error-heading" className="page__title">
          Unexpected Application Error!
        </h1>
        {detail && <p className="lede error-detail">{detail}</p>}
        <p>
          <a href="/" className="button button--outline">
            back to home
          </a>
        </p>
      </section>
    </main>
  );
}
