/**
 * WebOTP (Android Chrome): the SMS's last line '@<host> #<code>' lets the browser offer the
 * code to this site, and `navigator.credentials.get({ otp })` resolves with it. Elsewhere
 * nothing happens and the code is typed (autocomplete="one-time-code" helps iOS).
 */
export function receiveSmsCode(signal: AbortSignal): Promise<string | undefined> {
  if (typeof window === 'undefined' || !('OTPCredential' in window) || !navigator.credentials) {
    return Promise.resolve(undefined);
  }
  const options = { otp: { transport: ['sms'] }, signal } as CredentialRequestOptions;
  return navigator.credentials
    .get(options)
    .then((credential) => {
      const code = (credential as { code?: unknown } | null)?.code;
      return typeof code === 'string' ? code : undefined;
    })
    .catch(() => undefined);
}
