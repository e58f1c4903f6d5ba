// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, avatarAddress } from '../../src/ui/avatar';

afterEach(cleanup);

describe('the avatar', () => {
  it("loads the API's /avatars/<id> from the API's base address; data URLs as they are", () => {
    expect(avatarAddress('/avatars/abc', 'https://app.greenpick.ng/')).toBe('https://app.greenpick.ng/avatars/abc');
    expect(avatarAddress('/avatars/abc', 'https://api.greenpick.ng/v1/')).toBe(
      'https://api.greenpick.ng/v1/avatars/abc',
    );
    expect(avatarAddress('data:image/png;base64,AAAA', 'https://api.greenpick.ng/')).toBe('data:image/png;base64,AAAA');
    expect(avatarAddress('//evil.example/x.png', 'https://api.greenpick.ng/')).toBe('//evil.example/x.png');
  });

  it('shows the picture, and the initials when it cannot be loaded (offline)', () => {
    render(<Avatar src="/avatars/abc" firstName="Ada" lastName="Okafor" />);
    const image = screen.getByRole('img', { name: "Ada Okafor's avatar" });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toMatch(/\/avatars\/abc$/);
    fireEvent.error(image);
    const fallback = screen.getByRole('img', { name: "Ada Okafor's avatar" });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback.textContent).toBe('AO');
  });

  it('a new picture is tried again after an old one failed', () => {
    const { rerender } = render(<Avatar src="/avatars/old" firstName="Ada" lastName="Okafor" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<Avatar src="data:image/png;base64,AAAA" firstName="Ada" lastName="Okafor" />);
    expect(screen.getByRole('img').tagName).toBe('IMG');
  });

  it('no picture: the initials', () => {
    render(<Avatar src="" firstName="Ada" lastName="Okafor" />);
    expect(screen.getByRole('img').textContent).toBe('AO');
  });
});
