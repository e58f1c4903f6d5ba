/** The referral link and share texts (docs/product.md, Referral). */

/** `{origin}/signup?ref={code}`: the sign-up screen reads the code from `ref`. */
export function referralLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/signup?ref=${encodeURIComponent(code)}`;
}

export function referralShareText(code: string, link: string): string {
  return `Join me on this awesome platform! Use my referral code ${code} when you sign up at ${link}`;
}

/** WhatsApp first (how most clients in Nigeria share): a wa.me link with the share text, for any phone or desktop. */
export function whatsAppShareLink(code: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(referralShareText(code, link))}`;
}

export interface ShareTarget {
  name: 'Facebook' | 'Twitter' | 'LinkedIn' | 'Email';
  href: string;
}

/** Where the link can be shared when the device has no native share. */
export function shareTargets(code: string, link: string): ShareTarget[] {
  const text = referralShareText(code, link);
  const url = encodeURIComponent(link);
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${encodeURIComponent(text)}` },
    { name: 'Twitter', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    {
      name: 'Email',
      href: `mailto:?subject=${encodeURIComponent('Join me on GreenPick')}&body=${encodeURIComponent(text)}`,
    },
  ];
}
