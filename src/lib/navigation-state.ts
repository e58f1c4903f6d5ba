/**
 * What screens pass to each other in navigation state (TanStack Router `state`), declared
 * once: the dashboard's service grid hands the chosen service tag to /client/create, and
 * /client/create hands the payment reference of the booking just made back to Home.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The service tag chosen on the dashboard (e.g. `household`); create uses 'default' when absent. */
    serviceType?: string;
    /** The payment reference of the booking just made: Home brings that task (or its 'confirming' card) into view. */
    bookedReference?: string;
  }
}

export {};
