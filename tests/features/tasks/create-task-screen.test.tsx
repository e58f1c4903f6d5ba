// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingData } from '../../../src/features/tasks/booking/use-booking-data';
import { CreateTaskScreen, type ChosenPlace } from '../../../src/features/tasks/create-task-screen';
import { FALLBACK_PRICES } from '../../../src/shared/pricing';
import type { User } from '../../../src/shared/contract';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mocks = vi.hoisted(() => ({
  navigate: vi.fn(),
  token: 'token' as string | null,
  data: { user: null, userError: null, prices: null } as BookingData,
  toastError: vi.fn(),
}));

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => mocks.navigate }));
vi.mock('../../../src/lib/token-storage', () => ({ getToken: () => mocks.token }));
vi.mock('../../../src/features/tasks/booking/use-booking-data', () => ({ useBookingData: () => mocks.data }));
vi.mock('react-toastify', () => ({ toast: Object.assign(vi.fn(), { error: mocks.toastError, info: vi.fn(), loading: vi.fn(), update: vi.fn() }) }));

const user = { _id: 'u1', email: 'ada@example.ng', firstname: 'Ada', lastname: 'Obi' } as User;
let choose: (choice: ChosenPlace) => void = () => undefined;

function renderScreen(serviceType = 'recycling') {
  return render(
    <CreateTaskScreen
      serviceType={serviceType}
      renderAddressSearch={(onChoose) => {
        choose = onChoose;
        return <input aria-label="Address" />;
      }}
      renderMap={(place) => <div>map at {place.lat}</div>}
    />,
  );
}

beforeEach(() => {
  mocks.token = 'token';
  mocks.data = { user: null, userError: null, prices: null };
  mocks.navigate.mockReset();
  mocks.toastError.mockReset();
});
afterEach(cleanup);

describe('the create task screen (SPEC section 2)', () => {
  it("is titled '{service name} Task' and shows 'Loading...' while prices load, with Proceed to Payment disabled", () => {
    renderScreen('recycling');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Recycling Services Task');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.getByText('Please type an address above to see the map')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("an unknown service is 'Default Service' at ₦3,000.00 per pickup", () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('default');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Default Service Task');
    expect(screen.getByText('₦3,000.00')).toBeTruthy();
    expect(screen.getByText('per pickup')).toBeTruthy();
  });

  it('choosing a place shows the map, the coordinates to 6 decimals, and enables Proceed to Payment', async () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    expect(screen.getByText('₦1,500.00')).toBeTruthy();
    expect(screen.getByText('per kg')).toBeTruthy();
    await act(async () => choose({ address: 'Ikeja, Lagos State, Nigeria', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.getByText('6.596500, 3.342100')).toBeTruthy();
    expect(screen.getByText('map at 6.5965')).toBeTruthy();
    expect(screen.queryByText('Please type an address above to see the map')).toBeNull();
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("Proceed to Payment stays disabled with no user email", async () => {
    mocks.data = { user: { ...user, email: '' }, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    await act(async () => choose({ address: 'Ikeja', location: { lat: 6.5965, lng: 3.3421 } }));
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a place without geometry: 'Please select a valid address from the dropdown'", async () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    await act(async () => choose({ address: 'Nowhere', location: null }));
    expect(mocks.toastError.mock.calls.map(([message]) => message)).toEqual(['Please select a valid address from the dropdown']);
    // Beside the address search as well, until a place with geometry is chosen.
    expect(screen.getByText('Please select a valid address from the dropdown')).toBeTruthy();
    expect(screen.getByText('Please type an address above to see the map')).toBeTruthy();
    await act(async () => choose({ address: 'Ikeja', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.queryByText('Please select a valid address from the dropdown')).toBeNull();
  });

  it("'Failed to load user data' or the server message is shown", () => {
    mocks.data = { user: null, userError: 'Failed to load user data', prices: FALLBACK_PRICES };
    renderScreen('recycling');
    expect(mocks.toastError).toHaveBeenCalledWith('Failed to load user data');
  });

  it("without a token: 'Please login to continue' and a redirect to /", () => {
    mocks.token = null;
    renderScreen('recycling');
    expect(mocks.toastError).toHaveBeenCalledWith('Please login to continue');
    expect(mocks.navigate).toHaveBeenCalledWith({ to: '/', replace: true });
  });
});
