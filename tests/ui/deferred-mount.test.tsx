// @vitest-environment jsdom
import { useLayoutEffect, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredMount } from '../../src/ui/deferred-mount';

afterEach(cleanup);

/** Records, at each commit of the screen, whether the heading and the body were in the document. */
function Screen({ commits }: { commits: string[] }) {
  const [count, setCount] = useState(0);
  useLayoutEffect(() => {
    commits.push(`heading ${Boolean(document.querySelector('h1'))}, body ${Boolean(document.querySelector('form'))}`);
  });
  return (
    <section>
      <h1>Edit Profile</h1>
      <DeferredMount>
        <form aria-label="Profile">
          <button type="button" onClick={() => setCount(count + 1)}>
            Clicked {count}
          </button>
        </form>
      </DeferredMount>
    </section>
  );
}

describe('DeferredMount', () => {
  it('commits the heading first and the body in a later render', () => {
    const commits: string[] = [];
    render(<Screen commits={commits} />);
    // The screen's own commit had the heading and not yet the body; the body came in a commit of its own.
    expect(commits[0]).toBe('heading true, body false');
    expect(screen.getByRole('form', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('once mounted, updates the body in the same commit as the rest', async () => {
    const commits: string[] = [];
    render(<Screen commits={commits} />);
    commits.length = 0;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' })));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    expect(commits).toEqual(['heading true, body true']);
  });
});
