import { useQuery } from '@tanstack/react-query';
import type { FailureTexts } from '../../lib/api/query-failure';
import { userQuery } from '../../lib/api/user';
import { LoadState } from './load-state';
import { ReferralCodeBox } from './referral-code-box';
import { referralLink } from './referral-share';
import { ReferralSharePanel } from './referral-share-panel';
import './profile.css';

// A 401 here has already removed the token (src/lib/http.ts): the shell returns to the login screen.
const MESSAGES: FailureTexts = {
  noToken: 'Please login to view your referral code',
  failed: 'Failed to load referral information',
  ownTextOnly: true,
};

/** The referral code (/client/referal): copy, share, and how the reward works. */
export function ReferralScreen() {
  const query = useQuery(userQuery());
  const current = query.data;
  return (
    <section className="page profile">
      <h1>Referral</h1>
      <LoadState query={query} loadingText="Loading referral information..." texts={MESSAGES} />
      {current ? (
        <div className="profile-card referral">
          <ReferralCodeBox code={current.data.referralCode} />
          <ReferralSharePanel
            code={current.data.referralCode}
            link={referralLink(window.location.origin, current.data.referralCode)}
          />
          <div className="referral-how">
            <h2>How It Works</h2>
            <ol>
              <li>Share your referral code with friends.</li>
              <li>They sign up using your code.</li>
              <li>You earn rewards when they complete their first task.</li>
            </ol>
            <p className="referral-what">
              <strong>You get</strong> points when your friend's first pickup is done: each point is ₦1 off a booking
              (up to half of it). <strong>Your friend gets</strong> nothing extra for signing up with your code: the
              same prices and points as every client.
            </p>
          </div>
        </div>
      ) : null}
    </section>
  );
}
