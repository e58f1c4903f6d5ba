/** A screen whose data could not load: the message and 'Try Again', which reloads the page (docs/product.md, Messages). */
export function LoadFailed({ title, message, className }: { title?: string; message: string; className: string }) {
  return (
    <div className={className} role="alert">
      {title ? <h2>{title}</h2> : null}
      <p>{message}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}
