// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createFlowToasts } from '../../src/ui/flow-toasts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

const shownTexts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

/** react-toastify removes a dismissed toast once its exit animation ends; jsdom plays none. */
function endExitAnimations() {
  for (const toast of screen.queryAllByRole('alert')) toast.dispatchEvent(new Event('animationend', { bubbles: true }));
}

describe("a flow's toasts", () => {
  it("a new error replaces the flow's older one; a success dismisses the flow's errors, not other toasts", async () => {
    render(<ToastContainer />);
    const flow = createFlowToasts();
    const other = createFlowToasts();
    act(() => {
      other.error('Could not send the message');
      flow.error('Invalid verification code');
    });
    await waitFor(() => expect(shownTexts()).toHaveLength(2));
    act(() => void flow.info('Payment window was closed'));
    endExitAnimations();
    await waitFor(() =>
      expect(shownTexts().toSorted()).toEqual(['Could not send the message', 'Payment window was closed']),
    );

    act(() => void flow.success('Code verified successfully'));
    endExitAnimations();
    await waitFor(() =>
      expect(shownTexts().toSorted()).toEqual(['Code verified successfully', 'Could not send the message']),
    );
  });
});
