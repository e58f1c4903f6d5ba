import { useState } from 'react';
import { referralShareText, shareTargets, whatsAppShareLink } from './referral-share';

/**
 * 'Share on WhatsApp' first (a wa.me link), then 'Share Referral Link': the device's own share
 * sheet (Web Share API), or Facebook, Twitter, LinkedIn and e-mail links where there is none.
 */
export function ReferralSharePanel({ code, link }: { code: string; link: string }) {
  const [showTargets, setShowTargets] = useState(false);
  const text = referralShareText(code, link);

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Join me on GreenPick', text });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to the links.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    setShowTargets(true);
  };

  return (
    <div className="referral-share">
      <a
        className="button referral-whatsapp"
        href={whatsAppShareLink(code, link)}
        target="_blank"
        rel="noopener noreferrer"
      >
        Share on WhatsApp
      </a>
      <button
        type="button"
        className="button profile-button-secondary referral-share-button"
        onClick={share}
        aria-expanded={showTargets}
      >
        Share Referral Link
      </button>
      <p className="muted referral-link">{link}</p>
      {showTargets ? (
        <ul className="referral-targets" aria-label="Share on">
          {shareTargets(code, link).map((target) => (
            <li key={target.name}>
              <a
                className="button profile-button-secondary"
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {target.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
