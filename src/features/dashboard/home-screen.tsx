/** The client home (/client and /client/home). Greeting, balance, plan and tasks come later. */
export function HomeScreen() {
  return (
    <section className="page">
      <h1>Home</h1>
      <p className="muted">Your greeting, recycle tokens, plan and recent tasks will show here.</p>
    </section>
  );
}
