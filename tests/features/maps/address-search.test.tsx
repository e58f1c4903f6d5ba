// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressSearch } from '../../../src/features/maps/address-search';
import type { PlaceSearch } from '../../../src/features/maps/place-search';
import type { SavedSuggestion } from '../../../src/features/maps/saved-places';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(cleanup);

const search: PlaceSearch = {
  suggest: async (query) =>
    ['Ikeja', 'Ikorodu', 'Ikot Ekpene']
      .filter((name) => name.toLowerCase().startsWith(query.toLowerCase()))
      .map((name) => ({ id: name, primary: name, secondary: 'Nigeria' })),
  choose: async (suggestion) => ({ address: `${suggestion.primary}, Nigeria`, location: { lat: 6.5, lng: 3.3 } }),
  describe: async () => 'Near Yaba, Lagos',
};

async function typeInto(input: HTMLElement, text: string) {
  vi.useFakeTimers();
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(200);
  });
  vi.useRealTimers();
}

const HOME: SavedSuggestion = {
  id: 'saved-0',
  primary: 'Home',
  secondary: '12 Allen Avenue, Ikeja',
  choice: { address: '12 Allen Avenue, Ikeja', location: { lat: 6.6, lng: 3.35 } },
};

describe('the address search combobox', () => {
  it('saved places that arrive while the empty field has focus are offered then; not once it has text', () => {
    const { rerender } = render(<AddressSearch search={search} onChoose={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    act(() => input.focus());
    expect(input.getAttribute('aria-expanded')).toBe('false');
    rerender(<AddressSearch search={search} onChoose={() => undefined} savedPlaces={[HOME]} />);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Home12 Allen Avenue, Ikeja']);

    cleanup();
    const second = render(<AddressSearch search={search} onChoose={() => undefined} />);
    const typed = screen.getByRole('combobox', { name: 'Address' });
    act(() => typed.focus());
    fireEvent.change(typed, { target: { value: 'Allen' } });
    second.rerender(<AddressSearch search={search} onChoose={() => undefined} savedPlaces={[HOME]} />);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it("is a labelled combobox with the placeholder 'Search for an address'", () => {
    render(<AddressSearch search={search} onChoose={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    expect(input.getAttribute('placeholder')).toBe('Search for an address');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('the list is busy from typing until the suggestions for that text arrive', async () => {
    render(<AddressSearch search={search} onChoose={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await typeInto(input, 'ik');
    const list = screen.getByRole('listbox', { name: 'Suggested places', hidden: true });
    expect(list.getAttribute('aria-busy')).toBe('false');
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'ikej' } });
    // The older list still shows, marked busy, until the new suggestions replace it.
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    vi.useRealTimers();
    expect(list.getAttribute('aria-busy')).toBe('false');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['IkejaNigeria']);
  });

  it('Up and Down move the active option (aria-activedescendant), Enter chooses it', async () => {
    const onChoose = vi.fn();
    render(<AddressSearch search={search} onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await typeInto(input, 'ik');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'IkejaNigeria',
      'IkoroduNigeria',
      'Ikot EkpeneNigeria',
    ]);

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id);

    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(onChoose).toHaveBeenCalledWith({ address: 'Ikot Ekpene, Nigeria', location: { lat: 6.5, lng: 3.3 } });
    expect((input as HTMLInputElement).value).toBe('Ikot Ekpene, Nigeria');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes the list', async () => {
    render(<AddressSearch search={search} onChoose={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await typeInto(input, 'ike');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter on typed text that is no suggestion chooses a place without geometry', async () => {
    const onChoose = vi.fn();
    render(<AddressSearch search={search} onChoose={onChoose} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await typeInto(input, 'Nowhere');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledWith({ address: 'Nowhere', location: null });
  });

  it('a search that fails is announced', async () => {
    render(
      <AddressSearch
        search={{
          ...search,
          suggest: () => Promise.reject(new Error('Failed to load Google Maps. Please check your connection.')),
        }}
        onChoose={() => undefined}
      />,
    );
    await typeInto(screen.getByRole('combobox', { name: 'Address' }), 'ik');
    expect(screen.getByRole('alert').textContent).toBe('Failed to load Google Maps. Please check your connection.');
  });

  it("'No places found' is shown to everyone (not only announced), with what to do instead; it goes when places are found", async () => {
    render(<AddressSearch search={search} onChoose={() => undefined} />);
    const input = screen.getByRole('combobox', { name: 'Address' });
    await typeInto(input, 'Nowhere');
    const empty = screen.getByText('No places found');
    expect(empty.closest('.sr-only')).toBeNull();
    expect(empty.closest('[aria-live="polite"]')).not.toBeNull();
    expect(
      screen.getByText(
        'Try a nearby area, street or market, use your current location, or choose the nearest area and move the pin on the map.',
      ),
    ).toBeTruthy();
    await typeInto(input, 'ik');
    expect(screen.queryByText('No places found')).toBeNull();
    // Counts are still only announced.
    expect(screen.getByText('3 places found').classList.contains('sr-only')).toBe(true);
  });

  it('a new selected address (a moved pin) replaces the typed text and closes the list', async () => {
    const { rerender } = render(
      <AddressSearch search={search} onChoose={() => undefined} selectedAddress={undefined} />,
    );
    const input = screen.getByRole('combobox', { name: 'Address' }) as HTMLInputElement;
    await typeInto(input, 'ik');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    rerender(<AddressSearch search={search} onChoose={() => undefined} selectedAddress="Near Yaba, Lagos" />);
    expect(input.value).toBe('Near Yaba, Lagos');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
