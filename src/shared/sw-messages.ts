/** Messages between the app (src/lib/sw-bridge.ts, the chat's delivery) and the service worker (sw/sw.ts). */

/** Page -> worker: activate the waiting update. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** Page -> worker: the network is back, or the chat wants what waits sent; replay the chat outbox. */
export const PAGE_ONLINE = 'ONLINE';
/** Worker -> pages: the chat outbox changed (a message was queued, delivered or refused). */
export const OUTBOX_CHANGED = 'OUTBOX_CHANGED';
/** The background sync tag of the chat outbox. */
export const SYNC_TAG = 'greenpick-chat-outbox';
/** Page -> worker: this window shows a task's chat (`taskId`), or no chat any more (null): no push for what it shows. */
export const CHAT_OPEN = 'CHAT_OPEN';
/** Worker -> pages: a push arrived (`kind`, `taskId` of src/shared/push-payload.ts): what it is about is read again. */
export const PUSH_RECEIVED = 'PUSH_RECEIVED';
/** The driver's worker -> its pages: a push arrived (`kind`, `taskId` of src/shared/driver-push.ts): offers and tasks are read again. */
export const DRIVER_PUSH_RECEIVED = 'DRIVER_PUSH_RECEIVED';
