// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sampleTask } from '../../sample-data';
import { HistoryCard } from '../../../src/features/tasks/history/history-card';

afterEach(cleanup);

const task = sampleTask();

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

  it("'View Task' opens any order's page, cancelled and completed too", () => {
    for (const status of ['cancelled', 'completed', 'pending'] as const) {
      const onViewTask = vi.fn();
      render(<HistoryCard task={{ ...task, status }} onViewTask={onViewTask} />);
      fireEvent.click(screen.getByRole('button', { name: 'View Task' }));
      expect(onViewTask).toHaveBeenCalledWith(expect.objectContaining({ status }));
      cleanup();
    }
  });
});
