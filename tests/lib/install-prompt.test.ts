import { describe, expect, it } from 'vitest';
import { needsIosInstallHelp } from '../../src/lib/install-prompt';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe("'Add to Home Screen' instructions on iOS Safari", () => {
  it('shows them on iPhone Safari and iPad Safari (desktop mode, touch)', () => {
    expect(needsIosInstallHelp(IPHONE_SAFARI, 5, false)).toBe(true);
    expect(needsIosInstallHelp(IPAD_DESKTOP, 5, false)).toBe(true);
  });

  it('not once started from the home screen, nor in other iOS browsers, on a Mac or on Android', () => {
    expect(needsIosInstallHelp(IPHONE_SAFARI, 5, true)).toBe(false);
    expect(needsIosInstallHelp(IPHONE_CHROME, 5, false)).toBe(false);
    expect(needsIosInstallHelp(IPAD_DESKTOP, 0, false)).toBe(false);
    expect(needsIosInstallHelp(ANDROID_CHROME, 5, false)).toBe(false);
  });
});
