/** A list that could not be read, with a way to try again. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="tune-error" role="alert">
      <p>couldn't load {what}.</p>
      <button type="button" className="button button--outline" onClick={retry}>
        try again
      </button>
    </div>
  );
}
