import { describe, expect, it } from 'vitest';
import { referralLink, referralShareText, shareTargets } from '../../../src/features/profile/referral-share';

describe('referral sharing', () => {
  const link = referralLink('https://greenpick.ng', 'ADAOKAFOR');

  it('a referral link has the form signup?ref={code}', () => {
    expect(link).toBe('https://greenpick.ng/signup?ref=ADAOKAFOR');
    expect(referralLink('http://127.0.0.1:8080/', 'K7M2Q9XA')).toBe('http://127.0.0.1:8080/signup?ref=K7M2Q9XA');
  });

  it("share text: 'Join me on this awesome platform! Use my referral code {code} when you sign up at {link}'", () => {
    expect(referralShareText('ADAOKAFOR', link)).toBe(
      'Join me on this awesome platform! Use my referral code ADAOKAFOR when you sign up at https://greenpick.ng/signup?ref=ADAOKAFOR',
    );
  });

  it('without native share: Facebook, Twitter, LinkedIn and e-mail, each carrying the link', () => {
    const targets = shareTargets('ADAOKAFOR', link);
    expect(targets.map((target) => target.name)).toEqual(['Facebook', 'Twitter', 'LinkedIn', 'Email']);
    for (const target of targets) expect(decodeURIComponent(target.href)).toContain(link);
    const twitter = new URL(targets[1]!.href);
    expect(twitter.searchParams.get('text')).toBe(referralShareText('ADAOKAFOR', link));
    expect(targets[3]!.href.startsWith('mailto:?')).toBe(true);
  });
});
