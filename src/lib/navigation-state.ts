/**
 * What screens pass to each other in navigation state (TanStack Router `state`), declared
 * once: the dashboard's service grid hands the chosen service tag to /client/create.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The service tag chosen on the dashboard (e.g. `household`); create uses 'default' when absent. */
    serviceType?: string;
  }
}

export {};
