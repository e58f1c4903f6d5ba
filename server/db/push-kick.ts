/**
 * Wraps the server's database so the push dispatcher (server/notifications/dispatcher.ts) hears of new
 * outbox rows at once: it passes every statement through unchanged and only looks at its text.
 */
import type { Db, Queryable } from './connection';

/**
 * The database the server's code uses: a statement that writes the outbox kicks the
 * dispatcher, outside a transaction right after it, inside one after the commit. Closing it
 * stops the dispatcher first (sends in flight finish), so a server's shutdown stops it cleanly.
 */
export function withPushKick(db: Db, dispatcher: { kick(): void; stop(): Promise<void> }): Db {
  const kick = () => dispatcher.kick();
  const writesOutbox = (sql: string) => sql.includes('insert into push_outbox');
  return {
    kind: db.kind,
    exec: (sql) => db.exec(sql),
    listen: (channel, handlers) => db.listen(channel, handlers),
    async close() {
      await dispatcher.stop();
      await db.close();
    },
    async query(sql, params, options) {
      const rows = await db.query(sql, params, options);
      if (writesOutbox(sql)) kick();
      return rows as never;
    },
    async transaction(work) {
      let wrote = false;
      const result = await db.transaction((tx: Queryable) =>
        work({
          query(sql, params, options) {
            if (writesOutbox(sql)) wrote = true;
            return tx.query(sql, params, options);
          },
        }),
      );
      if (wrote) kick();
      return result;
    },
  };
}
