import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: '1. Who we are',
    body: (
      <p>
        GreenPick is an online marketplace that connects clients in Nigeria with drivers and service partners for waste
        pickup, recycling, garden, laundry and office-cleaning tasks. By creating an account or booking a task you agree
        to these terms.
      </p>
    ),
  },
  {
    heading: '2. Your account',
    body: (
      <ul>
        <li>You must be at least 18 years old and give true, current details (name, e-mail address, phone number).</li>
        <li>Keep your password secret; you are responsible for everything done with your account.</li>
        <li>Tell us at once if you think someone else has used your account.</li>
      </ul>
    ),
  },
  {
    heading: '3. Booking and paying for tasks',
    body: (
      <ul>
        <li>Prices are shown in naira (₦) before you pay, per pickup, item, load, kilogram or hour as listed.</li>
        <li>
          Payment is taken by card through our payment provider when you book; a task is created only after the payment
          is confirmed.
        </li>
        <li>Subscriptions run for the period of the chosen plan and are not renewed without a new payment.</li>
      </ul>
    ),
  },
  {
    heading: '4. Pickups and your waste',
    body: (
      <p>
        Give an accurate address and make the waste reachable at the agreed place. Hazardous, medical or illegal waste
        is not accepted; drivers may refuse a pickup that is unsafe. Waste collected is handled and recycled in line
        with the rules of the Lagos State Waste Management Authority and other state authorities where we operate.
      </p>
    ),
  },
  {
    heading: '5. Cancellations and refunds',
    body: (
      <p>
        If a paid task cannot be carried out because of us or our partners, you will get a refund to the card used.
        Contact support within 7 days of the task date for any complaint about a completed task.
      </p>
    ),
  },
  {
    heading: '6. Recycle tokens and referrals',
    body: (
      <p>
        Recycle tokens and referral rewards have no cash value outside GreenPick and may be changed or withdrawn for
        misuse, such as referring yourself.
      </p>
    ),
  },
  {
    heading: '7. Governing law and contact',
    body: (
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria. Questions:{' '}
        <a href="mailto:support@greenpick.ng">support@greenpick.ng</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return <LegalPage title="Terms of Service" updated="1 November 2026" sections={SECTIONS} />;
}
