// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '../../../src/shared/contract';
import { HistoryCard } from '../../../src/features/tasks/history/history-card';

afterEach(cleanup);

const task: Task = {
  _id: 't1',
  status: 'completed',
  reference: '1795349987616-3c1f97',
  address: '22 Awolowo Way, Ikeja, Lagos State, Nigeria',
  location: { type: 'Point', coordinates: [3.3515, 6.6018] },
  datetime: '2026-11-22T13:05:00.000Z',
  type: 'household',
  serviceName: 'Household Waste Pickup',
  amount: 1500,
  unit: 'per pickup',
  user: 'u1',
  confirmationCode: '123456',
  driverId: null,
  driver: null,
};

const field = (label: string) => screen.queryByText(label, { selector: 'dt' })?.nextElementSibling;

describe('a history card', () => {
  it('shows the address details after the address when the task has some', () => {
    render(<HistoryCard task={{ ...task, addressDetails: 'Black gate, ask for Mama Ngozi' }} onViewTask={() => {}} />);
    expect(field('Address')?.textContent).toBe('22 Awolowo Way, Ikeja, Lagos State, Nigeria');
    expect(field('Address details')?.textContent).toBe('Black gate, ask for Mama Ngozi');
  });

  it('has no address details row without them', () => {
    render(<HistoryCard task={task} onViewTask={() => {}} />);
    expect(field('Address details')).toBeUndefined();
  });
});
