/** A screen that could not load: the message and 'Try Again', which reloads the page. */
export function LoadError({ title, message }: { title?: string; message: string }) {
  return (
    <div className="profile-load-error" role="alert">
      {title ? <h2>{title}</h2> : null}
      <p>{message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}
