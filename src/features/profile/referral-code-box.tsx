import { useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';

const COPIED_MS = 2000;

/** 'Your Referral Code' with Copy, which reads 'Copied!' for 2 seconds. */
export function ReferralCodeBox({ code }: { code: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    const copied = await copyText(code);
    setCopyFailed(!copied);
    if (!copied) return;
    setIsCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setIsCopied(false), COPIED_MS);
  };

  return (
    <div className="referral-code-box">
      <h2 id="referral-code-title">Your Referral Code</h2>
      <div className="referral-code-row">
        <output className="referral-code" aria-labelledby="referral-code-title">
          {code}
        </output>
        <button type="button" className="button" onClick={copy}>
          {isCopied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <p className="profile-live" aria-live="polite">
        {isCopied ? 'Referral code copied' : ''}
      </p>
      {copyFailed ? (
        <p className="profile-field-error" role="alert">
          Copying is not available here: select the code and copy it.
        </p>
      ) : null}
    </div>
  );
}
