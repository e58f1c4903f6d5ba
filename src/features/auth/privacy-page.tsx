import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: '1. What we collect',
    body: (
      <ul>
        <li>
          Account details: first and last name, e-mail address, phone number, and optionally a bio and a profile
          picture.
        </li>
        <li>
          Task details: pickup addresses and map locations, service, date and time, and the chat messages you exchange
          with your driver.
        </li>
        <li>
          Payment references and amounts. Card details are handled by our payment provider and never reach our servers.
        </li>
      </ul>
    ),
  },
  {
    heading: '2. Why we use it',
    body: (
      <p>
        To create and run your account, carry out and bill your tasks, let your assigned driver find and contact you,
        send password-recovery codes, credit referral rewards, and keep the service safe from fraud.
      </p>
    ),
  },
  {
    heading: '3. Who we share it with',
    body: (
      <p>
        Your name, phone number and the task address are shared with the driver assigned to your task. Payment data is
        shared with our card-payment provider, and map searches with our map provider. We do not sell your personal
        data.
      </p>
    ),
  },
  {
    heading: '4. How long we keep it',
    body: (
      <p>
        Account data is kept while your account is open. Task and payment records are kept for as long as Nigerian tax
        and accounting law requires, then deleted.
      </p>
    ),
  },
  {
    heading: '5. Your rights',
    body: (
      <p>
        Under the Nigeria Data Protection Act 2023 you may ask to see, correct or delete your personal data, or object
        to its use. Write to <a href="mailto:privacy@greenpick.ng">privacy@greenpick.ng</a>; you may also complain to
        the Nigeria Data Protection Commission.
      </p>
    ),
  },
  {
    heading: '6. On your device',
    body: (
      <p>
        The app keeps your sign-in token and a copy of recent data on your device so it works on a weak connection.
        Logging out removes the token.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" updated="1 November 2026" sections={SECTIONS} />;
}
