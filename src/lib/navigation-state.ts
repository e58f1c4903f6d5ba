/**
 * What screens pass to each other in navigation state (TanStack Router `state`), declared
 * once: the dashboard's service grid hands the chosen service tag to /client/create, and
 * /client/create hands the payment reference of the booking just made back to Home; a task's
 * 'Book again' (and paying for a recurring pickup's date) hands its service, place and quantity
 * to /client/create.
 */
declare module '@tanstack/react-router' {
  interface HistoryState {
    /** The service tag chosen on the dashboard (e.g. `household`); create uses 'default' when absent. */
    serviceType?: string;
    /** 'Book again' from a task: its place, details and quantity, for the create screen to start from. */
    bookAgain?: {
      address: string;
      lat: number;
      lng: number;
      addressDetails: string;
      quantity: number;
      /** A recurring pickup's date the plan did not cover: booked for its window. */
      scheduledFor?: { start: string; end: string };
    };
    /** The payment reference of the booking just made: Home brings that task (or its 'confirming' card) into view; the task page offers notifications. */
    bookedReference?: string;
    /** The e-mail just signed up with: the login form starts with it, the password focused. */
    signedUpEmail?: string;
  }
}

export {};
