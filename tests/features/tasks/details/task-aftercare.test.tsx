// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '../../../../src/shared/contract';
import { TaskDetailsModal } from '../../../../src/features/tasks/details/task-details-modal';
import { sampleTask } from '../../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../../query-support';

// jsdom has no showModal: the dialog stays closed, so its content is queried with `hidden: true`.
const KUNLE = {
  _id: 'd1',
  firstname: 'Kunle',
  lastname: 'Adeyemi',
  phone: '+2348031112222',
  photoUrl: '',
  vehicle: 'Toyota Hiace, white',
  plate: 'KJA-123XY',
  rating: { average: 4.6, count: 12 },
};

function renderTask(overrides: Partial<Task>, onTaskChanged = vi.fn()) {
  render(
    withQueryClient(
      <TaskDetailsModal
        task={sampleTask(overrides)}
        onClose={vi.fn()}
        onOpenChat={vi.fn()}
        renderMap={() => null}
        loadDriverLocation={async () => null}
        onTaskChanged={onTaskChanged}
        renderReceiptLink={() => <a href="/receipt">View receipt</a>}
      />,
    ),
  );
  return { onTaskChanged, dialog: within(screen.getByRole('dialog', { hidden: true })) };
}

const button = (dialog: ReturnType<typeof within>, name: string) =>
  dialog.queryByRole('button', { name, hidden: true });

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the task page: progress, who is coming, what can be done', () => {
  it('marks the current step of the progress line and says it plainly; the badge keeps the status label', () => {
    stubApi(() => Response.json({ data: [] }));
    const { dialog } = renderTask({ status: 'on-going', driverId: 'd1', driver: KUNLE });
    const current = dialog.getAllByRole('listitem', { hidden: true }).find((item) => item.getAttribute('aria-current'));
    expect(current?.textContent).toBe('On the way');
    expect(dialog.getByText('Your driver is on the way')).toBeTruthy();
    expect(dialog.getByText('on going')).toBeTruthy();
  });

  it('shows who is coming (name, vehicle, plate, rating, initials without a photo) and the code with what it is for', () => {
    stubApi(() => Response.json({ data: [] }));
    const { dialog } = renderTask({ status: 'driver-assigned', driverId: 'd1', driver: KUNLE });
    const coming = within(dialog.getByRole('region', { name: 'Who is coming', hidden: true }));
    expect(coming.getByText('Kunle Adeyemi')).toBeTruthy();
    expect(coming.getByText('Toyota Hiace, white')).toBeTruthy();
    expect(coming.getByText('KJA-123XY')).toBeTruthy();
    expect(coming.getByText('4.6 out of 5 (12 ratings)')).toBeTruthy();
    expect(coming.getByText('KA')).toBeTruthy();
    expect(dialog.getByText('123456').closest('p')?.textContent).toBe('Confirmation code: 123456');
    expect(dialog.getByText('Give this code to your driver when they arrive, to confirm it is them')).toBeTruthy();
  });

  it('offers Call Driver and Open Chat only while a driver is assigned and the task is not done or cancelled', () => {
    stubApi(() => Response.json({ data: [] }));
    let { dialog } = renderTask({ status: 'pending' });
    expect(button(dialog, 'Call Driver')).toBeNull();
    expect(button(dialog, 'Open Chat')).toBeNull();
    cleanup();
    ({ dialog } = renderTask({ status: 'driver-assigned', driverId: 'd1', driver: KUNLE }));
    expect(button(dialog, 'Open Chat')).not.toBeNull();
    cleanup();
    ({ dialog } = renderTask({ status: 'completed', driverId: 'd1', driver: KUNLE }));
    expect(button(dialog, 'Open Chat')).toBeNull();
    expect(dialog.queryByRole('link', { name: 'Call Driver', hidden: true })).toBeNull();
  });

  it("on the way the client may still cancel, told the fee first; 'Get help' is on every task", async () => {
    stubApi((path) =>
      path === 'client/tasks/cancel/quote'
        ? Response.json({ data: { fee: 500, refund: 1000 } })
        : Response.json({ data: [] }),
    );
    const { dialog } = renderTask({
      status: 'on-going',
      driverId: 'd1',
      driver: KUNLE,
      arrivedAt: '2026-11-22T13:00:00.000Z',
    });
    fireEvent.click(button(dialog, 'Cancel task')!);
    await waitFor(() =>
      expect(
        dialog.getByText('Your driver is at your door: cancelling now costs ₦500.00; you get ₦1,000.00 back'),
      ).toBeTruthy(),
    );
    const help = within(dialog.getByRole('region', { name: 'Get help', hidden: true }));
    expect(help.getByRole('link', { name: 'support@greenpick.ng', hidden: true }).getAttribute('href')).toBe(
      'mailto:support@greenpick.ng?subject=GreenPick%20task%20%231795349987616-3c1f97',
    );
    expect(help.getByRole('link', { name: 'Chat with us on WhatsApp', hidden: true }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\//,
    );
  });
});

describe('the extra at the door', () => {
  it('says what the driver weighed and what it costs; declining tells the server', async () => {
    const declined = sampleTask({
      status: 'on-going',
      unit: 'per kg',
      quantity: 3,
      weighedQuantity: 5,
      extra: { quantity: 2, amount: 3000, coveredQuantity: 0, status: 'declined' },
    });
    const sent = stubApi((path) =>
      path === 'client/tasks/extra/decline' ? Response.json({ data: declined }) : Response.json({ data: [] }),
    );
    const { dialog, onTaskChanged } = renderTask({
      status: 'on-going',
      unit: 'per kg',
      quantity: 3,
      weighedQuantity: 5,
      extra: { quantity: 2, amount: 3000, coveredQuantity: 0, status: 'awaiting' },
    });
    expect(
      dialog.getByText('Your driver weighed 5 kg (you booked 3 kg): pay ₦3,000.00 more, or the driver takes 3 kg'),
    ).toBeTruthy();
    // Without the link to the payment page given, only declining is offered here.
    expect(dialog.queryByRole('link', { name: 'Pay ₦3,000.00', hidden: true })).toBeNull();
    fireEvent.click(button(dialog, 'No, take 3 kg')!);
    await waitFor(() => expect(onTaskChanged).toHaveBeenCalledWith(declined));
    expect(sent.find((request) => request.path === 'client/tasks/extra/decline')?.body).toEqual({ taskId: 't1' });
  });
});

describe('cancel and refund', () => {
  it('cancels with the reason and note chosen, and hands the response over', async () => {
    const cancelled = sampleTask({
      status: 'cancelled',
      cancelReason: 'changed-plans',
      refund: { status: 'pending', amount: 4000, updatedAt: '2026-11-22T13:10:00.000Z' },
    });
    const sent = stubApi((path) =>
      path === 'client/tasks/cancel'
        ? Response.json({ data: cancelled })
        : path === 'client/tasks/cancel/quote'
          ? Response.json({ data: { fee: 0, refund: 4000 } })
          : Response.json({ data: [] }),
    );
    const { dialog, onTaskChanged } = renderTask({ status: 'pending' });
    fireEvent.click(button(dialog, 'Cancel task')!);
    await waitFor(() => expect(dialog.getByText('Cancelling now is free; you get ₦4,000.00 back.')).toBeTruthy());
    // A reason is required.
    fireEvent.click(button(dialog, 'Confirm cancellation')!);
    // The form's check (react-hook-form's resolver) answers in a microtask, before the next paint.
    expect((await dialog.findByRole('alert', { hidden: true })).textContent).toBe('Please choose a reason');
    fireEvent.click(dialog.getByRole('radio', { name: 'My plans changed', hidden: true }));
    fireEvent.change(dialog.getByLabelText('Anything to add? (optional)'), { target: { value: 'Travelling' } });
    fireEvent.click(button(dialog, 'Confirm cancellation')!);
    await waitFor(() => expect(onTaskChanged).toHaveBeenCalledWith(cancelled));
    expect(sent.find((request) => request.path === 'client/tasks/cancel')?.body).toEqual({
      taskId: 't1',
      reason: 'changed-plans',
      note: 'Travelling',
    });
  });

  it("a cancel that lost the race with the completion shows the server's message", async () => {
    stubApi((path) =>
      path === 'client/tasks/cancel'
        ? Response.json({ message: 'This task is already done' }, { status: 409 })
        : path === 'client/tasks/cancel/quote'
          ? Response.json({ data: { fee: 0, refund: 1500 } })
          : Response.json({ data: [] }),
    );
    const { dialog, onTaskChanged } = renderTask({ status: 'driver-assigned', driverId: 'd1', driver: KUNLE });
    fireEvent.click(button(dialog, 'Cancel task')!);
    fireEvent.click(dialog.getByRole('radio', { name: 'Waiting too long for a driver', hidden: true }));
    await waitFor(() => expect(dialog.getByText('Cancelling now is free; you get ₦1,500.00 back.')).toBeTruthy());
    fireEvent.click(button(dialog, 'Confirm cancellation')!);
    await waitFor(() =>
      expect(dialog.getByRole('alert', { hidden: true }).textContent).toBe('This task is already done'),
    );
    expect(onTaskChanged).not.toHaveBeenCalled();
  });

  it('says where the refund is: started (3-5 working days), refunded, or needing attention; the reason of the cancel', () => {
    stubApi(() => Response.json({ data: [] }));
    const refund = (status: 'pending' | 'refunded' | 'failed') => ({
      status,
      amount: 4000,
      updatedAt: '2026-11-22T13:10:00.000Z',
    });
    let { dialog } = renderTask({ status: 'cancelled', cancelReason: 'booked-by-mistake', refund: refund('pending') });
    expect(dialog.getByRole('status', { hidden: true }).textContent).toBe(
      'Refund of ₦4,000.00 started - usually 3-5 working days',
    );
    expect(dialog.getByText('Your task was cancelled (I booked by mistake).')).toBeTruthy();
    expect(button(dialog, 'Cancel task')).toBeNull();
    cleanup();
    ({ dialog } = renderTask({ status: 'cancelled', refund: refund('refunded') }));
    expect(dialog.getByRole('status', { hidden: true }).textContent).toBe('Refunded ₦4,000.00');
    cleanup();
    ({ dialog } = renderTask({ status: 'cancelled', refund: refund('failed') }));
    expect(dialog.getByRole('status', { hidden: true }).textContent).toBe(
      'The refund of ₦4,000.00 needs attention: our team is on it',
    );
  });
});

describe('after it is done: rating and report a problem', () => {
  it('rates the driver once with 1-5 stars (a radio group) and a comment; a rated task shows the rating given', async () => {
    const rated = sampleTask({
      driverId: 'd1',
      driver: KUNLE,
      rating: { stars: 5, comment: 'Great', at: '2026-11-22T14:00:00.000Z' },
    });
    const sent = stubApi((path) =>
      path === 'client/tasks/rate' ? Response.json({ data: rated }) : Response.json({ data: [] }),
    );
    const { dialog, onTaskChanged } = renderTask({ driverId: 'd1', driver: KUNLE });
    const stars = within(dialog.getByRole('group', { name: 'Stars', hidden: true }));
    expect(stars.getAllByRole('radio', { hidden: true }).map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    fireEvent.click(stars.getByRole('radio', { name: '5 stars', hidden: true }));
    fireEvent.change(dialog.getByLabelText('Comment (optional)'), { target: { value: 'Great' } });
    fireEvent.click(button(dialog, 'Send rating')!);
    await waitFor(() => expect(onTaskChanged).toHaveBeenCalledWith(rated));
    expect(sent.find((request) => request.path === 'client/tasks/rate')?.body).toEqual({
      taskId: 't1',
      stars: 5,
      comment: 'Great',
    });
    cleanup();
    const shown = renderTask(rated).dialog;
    expect(shown.getByText('You rated Kunle Adeyemi 5 stars out of 5', { exact: false })).toBeTruthy();
    expect(button(shown, 'Send rating')).toBeNull();
    expect(shown.getByRole('link', { name: 'View receipt', hidden: true })).toBeTruthy();
  });

  it("'Report a problem' sends a category and text (at most 1,000 characters) and lists the operator's reply", async () => {
    let requests: unknown[] = [];
    const sent = stubApi((path, body) => {
      if (path === 'client/support') {
        requests = [
          {
            _id: 's1',
            taskId: 't1',
            ...(body as object),
            createdAt: '2026-11-22T14:00:00.000Z',
            reply: 'Sorry: we refund the bags.',
            repliedAt: '2026-11-22T15:00:00.000Z',
          },
        ];
        return Response.json({ data: requests[0] }, { status: 201 });
      }
      return Response.json({ data: requests });
    });
    const { dialog } = renderTask({ driverId: 'd1', driver: KUNLE });
    fireEvent.click(button(dialog, 'Report a problem')!);
    const text = dialog.getByLabelText('What happened?');
    expect(text.getAttribute('maxLength')).toBe('1000');
    fireEvent.change(dialog.getByLabelText('What is it about?'), { target: { value: 'pickup' } });
    fireEvent.change(text, { target: { value: 'Two bags were left behind.' } });
    fireEvent.click(button(dialog, 'Send report')!);
    await waitFor(() => expect(dialog.getByText('Sorry: we refund the bags.')).toBeTruthy());
    expect(sent.find((request) => request.path === 'client/support')?.body).toEqual({
      taskId: 't1',
      category: 'pickup',
      text: 'Two bags were left behind.',
    });
  });
});
