// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Task } from '../../../../src/shared/contract';
import type { LatLng, RouteMode } from '../../../../src/shared/driver-location';
import { NO_DRIVER_PHONE, driverName, telHref } from '../../../../src/features/tasks/details/call-driver';
import { sampleTask } from '../../../sample-data';
import { TaskDetailsModal } from '../../../../src/features/tasks/details/task-details-modal';
import { withQueryClient } from '../../../query-support';

// jsdom has no showModal: the dialog stays closed, so its content is queried with `hidden: true`.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const task: Task = sampleTask({
  status: 'driver-assigned',
  address: '10 Adeniran Ogunsanya Street, Surulere, Lagos',
  location: { type: 'Point', coordinates: [3.3553, 6.4926] },
  driverId: 'd1',
  driver: { _id: 'd1', firstname: 'Kunle', lastname: 'Adeyemi', phone: '+234 803 111 2222' },
});

function renderModal(
  overrides: Partial<Task> = {},
  load = vi.fn(async (): Promise<LatLng | null> => ({ lat: 6.5158, lng: 3.3782 })),
) {
  const renderMap = vi.fn((driver: LatLng | null, place: LatLng | null, _mode: RouteMode) => (
    <p data-testid="map">{JSON.stringify({ driver, place })}</p>
  ));
  const onOpenChat = vi.fn();
  const onClose = vi.fn();
  render(
    withQueryClient(
      <TaskDetailsModal
        task={{ ...task, ...overrides }}
        onClose={onClose}
        onOpenChat={onOpenChat}
        renderMap={renderMap}
        loadDriverLocation={load}
      />,
    ),
  );
  return { renderMap, onOpenChat, onClose, load };
}

const field = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!;

describe('Task Details modal', () => {
  it('shows the address, date and hour:minute (Lagos time), driver name and phone, and the amount in naira', () => {
    renderModal();
    expect(field('Address').textContent).toBe('10 Adeniran Ogunsanya Street, Surulere, Lagos');
    expect(field('Date').textContent).toBe('22 Nov 2026');
    expect(field('Time').textContent).toBe('14:05');
    expect(field('Driver').textContent).toBe('Kunle Adeyemi');
    expect(field('Phone').textContent).toBe('+234 803 111 2222');
    expect(field('Amount').textContent).toBe('₦1,500.00');
    expect(screen.getByText(/#1795349987616-3c1f97/)).toBeTruthy();
  });

  it("shows the client's address details (house number, gate, landmark) after the address, with their line breaks; none, no row", () => {
    renderModal({ addressDetails: 'Blue gate\nopposite the mosque' });
    expect(field('Address details').textContent).toBe('Blue gate\nopposite the mosque');
    expect(field('Address details').querySelector('.address-details-text')).not.toBeNull();
    cleanup();
    renderModal({ addressDetails: '' });
    expect(screen.queryByText('Address details', { selector: 'dt' })).toBeNull();
    cleanup();
    // A task kept on the device from before address details existed.
    renderModal({ addressDetails: undefined });
    expect(screen.queryByText('Address details', { selector: 'dt' })).toBeNull();
  });

  it("shows 'N/A' for a missing address", () => {
    renderModal({ address: '  ' });
    expect(field('Address').textContent).toBe('N/A');
  });

  it('gives the route map the task location and the driver location read for its driverId (normalized)', async () => {
    const { renderMap, load } = renderModal();
    await waitFor(() =>
      expect(renderMap).toHaveBeenLastCalledWith({ lat: 6.5158, lng: 3.3782 }, { lat: 6.4926, lng: 3.3553 }, 'live'),
    );
    expect(load).toHaveBeenCalledWith('d1');
  });

  it('without a driverId the driver location is never requested (and no route can be)', async () => {
    const { renderMap, load } = renderModal({ driverId: null, driver: null });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    expect(renderMap).toHaveBeenLastCalledWith(null, { lat: 6.4926, lng: 3.3553 }, 'unassigned');
    expect(field('Driver').textContent).toBe('Driver not assigned');
  });

  it("a driver within 100 m of the pin has arrived: 'Your driver has arrived', the map without distance", async () => {
    const { renderMap } = renderModal(
      { status: 'on-going' },
      vi.fn(async (): Promise<LatLng | null> => ({ lat: 6.4929, lng: 3.3553 })),
    );
    await waitFor(() => expect(screen.getByText('Your driver has arrived')).toBeTruthy());
    expect(renderMap).toHaveBeenLastCalledWith({ lat: 6.4929, lng: 3.3553 }, { lat: 6.4926, lng: 3.3553 }, 'arrived');
    expect(screen.queryByText('Your driver is on the way')).toBeNull();
  });

  it("the task's arrivedAt says so before the driver's position does", () => {
    renderModal({ status: 'driver-assigned', arrivedAt: '2026-11-27T10:00:00.000Z' });
    expect(screen.getByText('Your driver has arrived')).toBeTruthy();
  });

  it('a completed task shows only where it was: no driver on the map, never waiting for a location', async () => {
    const { renderMap } = renderModal({ status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renderMap).toHaveBeenLastCalledWith(null, { lat: 6.4926, lng: 3.3553 }, 'ended');
  });

  it("a cancelled task with a driver shows only where it was: the map 'ended', never waiting for a location", async () => {
    const { renderMap } = renderModal({ status: 'cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(renderMap).toHaveBeenLastCalledWith(null, { lat: 6.4926, lng: 3.3553 }, 'ended');
  });

  it('the phone is grouped (+234 805 214 0917), in the driver card and the facts', () => {
    renderModal({ driver: { ...task.driver!, phone: '+2348052140917' } });
    expect(field('Phone').textContent).toBe('+234 805 214 0917');
    expect(screen.getByRole('region', { name: 'Who is coming', hidden: true }).textContent).toContain(
      '+234 805 214 0917',
    );
  });

  it("'Call Driver' is a tel: link to the driver's phone", () => {
    renderModal();
    expect(screen.getByRole('link', { name: 'Call Driver', hidden: true }).getAttribute('href')).toBe(
      'tel:+2348031112222',
    );
  });

  it("'Call Driver' without a phone alerts 'Driver phone number not available'", () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderModal({ driver: { ...task.driver!, phone: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call Driver', hidden: true }));
    expect(alert).toHaveBeenCalledWith('Driver phone number not available');
  });

  it("'Open Chat' asks the owner to open the chat; the close button closes", () => {
    const { onOpenChat, onClose } = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Open Chat', hidden: true }));
    expect(onOpenChat).toHaveBeenCalledTimes(1);
    fireEvent.click(
      within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Close', hidden: true }),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('call driver rules', () => {
  it('dials digits with the leading plus only; nothing for no number', () => {
    expect(telHref('+234 803-111 2222')).toBe('tel:+2348031112222');
    expect(telHref('0803 111 2222')).toBe('tel:08031112222');
    expect(telHref('')).toBeNull();
    expect(telHref(undefined)).toBeNull();
    expect(NO_DRIVER_PHONE).toBe('Driver phone number not available');
  });

  it("names the driver 'First Last'", () => {
    expect(driverName({ firstname: 'Kunle', lastname: 'Adeyemi' })).toBe('Kunle Adeyemi');
    expect(driverName(null)).toBe('');
  });
});
