/** A screen whose real content comes in a later issue: its heading and, unless told otherwise, a short note. */
export function PlaceholderPage({
  title,
  note = 'This screen is on its way.',
}: {
  title: string;
  note?: string | null;
}) {
  return (
    <section className="page">
      <h1>{title}</h1>
      {note ? <p className="muted">{note}</p> : null}
    </section>
  );
}
