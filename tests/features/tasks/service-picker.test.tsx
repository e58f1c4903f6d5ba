// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicePicker, isBookableService } from '../../../src/features/tasks/booking/service-picker';

afterEach(cleanup);

describe('the service picker of a direct visit to /client/create', () => {
  it('offers the six services by their names and hands the chosen tag on', () => {
    const onChoose = vi.fn();
    render(<ServicePicker onChoose={onChoose} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a Service');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Recycling Services',
      'Household Waste Pickup',
      'Bulk Waste Pickup',
      'Land Mowing & Garden',
      'Laundry & Dry Cleaning',
      'Office & Commercial Cleaning',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Waste Pickup' }));
    expect(onChoose).toHaveBeenCalledWith('bulk');
  });

  it("only the six tags are bookable: no service, 'default' or an unknown tag shows the picker", () => {
    expect(isBookableService('household')).toBe(true);
    for (const tag of [undefined, 'default', 'toString', 'unknown'])
      expect(isBookableService(tag), String(tag)).toBe(false);
  });
});
