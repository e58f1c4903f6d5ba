// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DriversBusy } from '../../../../src/features/tasks/details/drivers-busy';
import { sampleTask } from '../../../sample-data';
import { stubApi, tokenFor, withQueryClient } from '../../../query-support';

beforeEach(() => localStorage.setItem('token', tokenFor('u1')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderBusy(onChanged = vi.fn()) {
  render(
    withQueryClient(<DriversBusy task={sampleTask({ status: 'pending', driversBusy: true })} onChanged={onChanged} />),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Choose another time' }));
  return onChanged;
}

describe("'Drivers are busy near you': Choose another time", () => {
  it('asks for a time when none is chosen, and sends nothing', async () => {
    const sent = stubApi(() => Response.json({ data: {} }));
    renderBusy();
    fireEvent.click(screen.getByRole('button', { name: 'Move my pickup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a time');
    expect(sent).toEqual([]);
  });

  it('moves the pickup to the chosen 2-hour window; a refusal is said as the server says it', async () => {
    const sent = stubApi(() => Response.json({ message: 'That window is full' }, { status: 409 }));
    renderBusy();
    const select = screen.getByLabelText<HTMLSelectElement>('New pickup time');
    const first = select.options[1];
    if (!first) throw new Error('no window offered');
    fireEvent.change(select, { target: { value: first.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Move my pickup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That window is full');
    expect(sent).toEqual([
      {
        path: 'client/tasks/reschedule',
        body: expect.objectContaining({ window: expect.objectContaining({ start: first.value }) }),
      },
    ]);
  });

  it('a failed Keep waiting is said under the choices', async () => {
    stubApi(() => Response.json({ message: 'Task not found' }, { status: 404 }));
    render(
      withQueryClient(<DriversBusy task={sampleTask({ status: 'pending', driversBusy: true })} onChanged={vi.fn()} />),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep waiting' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Task not found'));
  });
});
