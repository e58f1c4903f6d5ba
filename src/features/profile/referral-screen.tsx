import { LoadError } from './load-error';
import { ReferralCodeBox } from './referral-code-box';
import { referralLink } from './referral-share';
import { ReferralSharePanel } from './referral-share-panel';
import { useCurrentUser } from './use-current-user';
import './profile.css';

// A 401 here has already removed the token (src/lib/http.ts); the message stays on screen.
const MESSAGES = { noToken: 'Please login to view your referral code', failed: 'Failed to load referral information', alwaysFailed: true };

/** The referral code (/client/referal): copy, share, and how the reward works. */
export function ReferralScreen() {
  const [current] = useCurrentUser(MESSAGES);
  return (
    <section className="page profile">
      <h1>Referral</h1>
      {current.status === 'loading' ? (
        <p className="muted" role="status">
          Loading referral information...
        </p>
      ) : null}
      {current.status === 'error' ? <LoadError message={current.message} /> : null}
      {current.status === 'loaded' ? (
        <div className="profile-card referral">
          <ReferralCodeBox code={current.user.referralCode} />
          <ReferralSharePanel code={current.user.referralCode} link={referralLink(window.location.origin, current.user.referralCode)} />
          <div className="referral-how">
            <h2>How It Works</h2>
            <ol>
              <li>Share your referral code with friends.</li>
              <li>They sign up using your code.</li>
              <li>You earn rewards when they complete their first task.</li>
            </ol>
          </div>
        </div>
      ) : null}
    </section>
  );
}
