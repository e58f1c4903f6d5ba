// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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
type Point = { lat: number; lng: number };
let choose: (choice: ChosenPlace) => void = () => undefined;
let locate: (point: Point) => void = () => undefined;
let move: (point: Point) => boolean = () => false;
let labels: Map<string, (label: string) => void>;
const describePoint = vi.fn(
  (point: Point) =>
    new Promise<string>((resolve) => {
      labels.set(`${point.lat},${point.lng}`, resolve);
    }),
);

function renderScreen(serviceType = 'recycling') {
  return render(
    <CreateTaskScreen
      serviceType={serviceType}
      renderAddressSearch={(onChoose, selectedAddress) => {
        choose = onChoose;
        return <input aria-label="Address" readOnly value={selectedAddress ?? ''} />;
      }}
      renderCurrentLocation={(onLocated) => {
        locate = onLocated;
        return <button type="button">Use my current location</button>;
      }}
      renderMap={(place, onMove) => {
        move = onMove;
        return <div>map at {place.lat}</div>;
      }}
      describePoint={describePoint}
    />,
  );
}

const addressInput = () => screen.getByRole('textbox', { name: 'Address' }) as HTMLInputElement;

beforeEach(() => {
  labels = new Map();
  describePoint.mockClear();
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
    expect(mocks.toastError).toHaveBeenCalledWith('Please select a valid address from the dropdown');
    expect(screen.getByText('Please type an address above to see the map')).toBeTruthy();
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

  it('the device location pins the task there; the label replaces the coordinates when it arrives', async () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    await act(async () => locate({ lat: 6.5095, lng: 3.3711 }));
    expect(screen.getByText('6.509500, 3.371100')).toBeTruthy();
    expect(screen.getByText('map at 6.5095')).toBeTruthy();
    expect(addressInput().value).toBe('Pinned location 6.509500, 3.371100');
    expect(describePoint).toHaveBeenCalledWith({ lat: 6.5095, lng: 3.3711 });
    await act(async () => labels.get('6.5095,3.3711')!('Near Yaba, Lagos'));
    expect(addressInput().value).toBe('Near Yaba, Lagos');
    expect((screen.getByRole('button', { name: 'Proceed to Payment' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a dragged pin or a tap moves the chosen point; a label that arrives after a newer move is dropped', async () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    await act(async () => choose({ address: 'Ikeja, Lagos State, Nigeria', location: { lat: 6.5965, lng: 3.3421 } }));
    expect(screen.getByText('Not the exact spot? Drag the pin or tap the map.')).toBeTruthy();
    let accepted = false;
    await act(async () => void (accepted = move({ lat: 6.6018, lng: 3.3515 })));
    expect(accepted).toBe(true);
    await act(async () => void move({ lat: 6.6001, lng: 3.35 }));
    expect(screen.getByText('6.600100, 3.350000')).toBeTruthy();
    await act(async () => labels.get('6.6018,3.3515')!('Near Allen Avenue, Lagos'));
    expect(addressInput().value).toBe('Pinned location 6.600100, 3.350000');
    await act(async () => labels.get('6.6001,3.35')!('Near Ikeja, Lagos'));
    expect(addressInput().value).toBe('Near Ikeja, Lagos');
  });

  it('a point outside Nigeria is refused with a message, and the place stays', async () => {
    mocks.data = { user, userError: null, prices: FALLBACK_PRICES };
    renderScreen('recycling');
    await act(async () => choose({ address: 'Badagry, Lagos State, Nigeria', location: { lat: 6.415, lng: 2.8813 } }));
    let accepted = true;
    await act(async () => void (accepted = move({ lat: 6.4, lng: 2.4 })));
    expect(accepted).toBe(false);
    expect(mocks.toastError).toHaveBeenCalledWith('GreenPick works in Nigeria only: put the pin on a place in Nigeria.');
    expect(screen.getByText('6.415000, 2.881300')).toBeTruthy();
    expect(describePoint).not.toHaveBeenCalled();
  });

  it("has an optional 'Address details' field of at most 200 characters, with a count", () => {
    renderScreen('recycling');
    const details = screen.getByRole('textbox', { name: /^Address details/ }) as HTMLTextAreaElement;
    expect(details.maxLength).toBe(200);
    expect(details.required).toBe(false);
    fireEvent.change(details, { target: { value: 'Blue gate' } });
    expect(screen.getByText('9/200')).toBeTruthy();
  });
});

