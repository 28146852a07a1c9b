import { useOnline } from "./online.ts";
import "./toasts.css";

/** Shown at the top of every page while the browser is offline; gone when it is back. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className="offline-banner-region">
      {!online && (
        <p className="offline-banner" data-testid="offline-banner">
          you are offline. what you see stays; adding, following and sending wait for the connection.
        </p>
      )}
    </div>
  );
}
