/** A one-time password, shown once: it is not kept anywhere, and leaving the screen loses it. */
export function OneTimePassword({ who, password, onDone }: { who: string; password: string; onDone: () => void }) {
  return (
    <div className="ops-panel ops-secret" role="status">
      <p>One-time password for {who} (shown only now; they must change it at first sign-in):</p>
      <p>
        <code data-one-time-password="">{password}</code>
      </p>
      <button type="button" className="button button-small" onClick={onDone}>
        I have passed it on
      </button>
    </div>
  );
}
