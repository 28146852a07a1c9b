import { useEffect } from "react";
import { Navigate, Outlet } from "react-router-dom";
import { homeFor, useAuth } from "../lib/session.tsx";

export function Loading() {
  return (
    <div className="loading" role="status" data-testid="loading">
      Loading...
    </div>
  );
}

/** Adds `<meta name="robots" content="noindex">` while mounted. */
export function NoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex";
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
  return null;
}

/** Routes for signed-out people only; signed-in people go where they belong. */
export function PublicOnly() {
  const auth = useAuth();
  if (auth.isLoading) return <Loading />;
  if (auth.isAuthenticated) return <Navigate to={homeFor(auth)} replace />;
  return <Outlet />;
}

/** Routes that need a session. */
export function Protected() {
  const auth = useAuth();
  return (
    <>
      <NoIndex />
      {auth.isLoading ? <Loading /> : auth.isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />}
    </>
  );
}
