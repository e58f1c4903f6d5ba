/** The toast body offering a waiting new version (the app never reloads itself). */
export function UpdateAvailable({ onReload }: { onReload: () => void }) {
  return (
    <div className="update-available">
      <span>Update available</span>
      <button type="button" className="button button-small" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}
