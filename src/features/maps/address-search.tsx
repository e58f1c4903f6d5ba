import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCombobox } from 'downshift';
import { MAX_LENGTH } from '../../shared/limits';
import type { PlaceChoice, PlaceSearch, PlaceSuggestion } from './place-search';
import type { SavedSuggestion } from './saved-places';
import '../../ui/text-input.css';
import './maps.css';

export interface AddressSearchProps {
  search: PlaceSearch;
  /** A chosen place; `location` is null when it has no geometry. */
  onChoose: (choice: PlaceChoice) => void;
  /** The address of the place as it is now: shown in the input when it changes (a moved pin, the device's location). */
  selectedAddress?: string;
  label?: string;
  /** Offered when the field gets focus while empty ('Home', 'Work', the last addresses used). */
  savedPlaces?: readonly SavedSuggestion[];
}

/** One empty list, so that the arrival effect below runs when saved places arrive, not on every render. */
const NO_SAVED_PLACES: readonly SavedSuggestion[] = [];

export const NO_PLACES_FOUND = 'No places found';
export const NO_PLACES_HINT =
  'Try a nearby area, street or market, use your current location, or choose the nearest area and move the pin on the map.';

/**
 * The address search: an ARIA 1.2 combobox with a list of suggestions (Up/Down move,
 * Enter chooses, Escape closes); empty and focused, it offers the saved places first. Pressing Enter on typed text that is not a suggestion
 * chooses a place without geometry, which the screen refuses. Downshift's `useCombobox` (headless)
 * gives the roles, ids, aria-* and the keys and clicks; this component holds the state (fully
 * controlled), the debounced look-up, the saved places and the live region.
 */
export function AddressSearch({
  search,
  onChoose,
  selectedAddress,
  label = 'Address',
  savedPlaces = NO_SAVED_PLACES,
}: AddressSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PlaceSuggestion[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Typed text whose suggestions have not arrived yet: the list shown is an older one. */
  const [isSearching, setIsSearching] = useState(false);
  const [status, setStatus] = useState('');
  const latestQuery = useRef(0);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const input = useRef<HTMLInputElement>(null);

  const offerSaved = () => {
    setOptions([...savedPlaces]);
    setActiveIndex(-1);
    setStatus(`${savedPlaces.length} saved ${savedPlaces.length === 1 ? 'place' : 'places'}`);
    setIsOpen(true);
  };

  // Saved places that arrive while the field is focused and empty are offered then (a slow network).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only their arrival opens the list, not typing or closing it.
  useEffect(() => {
    if (document.activeElement === input.current && text.trim() === '' && savedPlaces.length > 0) offerSaved();
  }, [savedPlaces]);

  useEffect(() => {
    if (selectedAddress === undefined) return;
    // The place changed elsewhere: its address replaces the typed text, and a search under way is dropped.
    latestQuery.current += 1;
    clearTimeout(debounce.current);
    setText(selectedAddress);
    setIsSearching(false);
    setIsOpen(false);
    setStatus('');
    setError(null);
  }, [selectedAddress]);

  const lookUp = (query: string) => {
    const ticket = ++latestQuery.current;
    clearTimeout(debounce.current);
    if (query.trim() === '') {
      setIsSearching(false);
      setOptions([]);
      setIsOpen(false);
      setStatus('');
      return;
    }
    setIsSearching(true);
    debounce.current = setTimeout(() => {
      search.suggest(query).then(
        (found) => {
          if (ticket !== latestQuery.current) return;
          setIsSearching(false);
          setError(null);
          setOptions(found);
          setActiveIndex(-1);
          setIsOpen(true);
          setStatus(
            found.length === 0 ? NO_PLACES_FOUND : `${found.length} ${found.length === 1 ? 'place' : 'places'} found`,
          );
        },
        (failure: unknown) => {
          if (ticket !== latestQuery.current) return;
          setIsSearching(false);
          setOptions([]);
          setIsOpen(false);
          setError(failure instanceof Error ? failure.message : String(failure));
        },
      );
    }, 150);
  };

  const choose = async (suggestion: PlaceSuggestion) => {
    latestQuery.current += 1;
    setIsSearching(false);
    setIsOpen(false);
    const saved = savedPlaces.find((place) => place.id === suggestion.id);
    if (saved) {
      setText(saved.choice.address);
      onChoose(saved.choice);
      return;
    }
    setText([suggestion.primary, suggestion.secondary].filter(Boolean).join(', '));
    try {
      const choice = await search.choose(suggestion);
      setText(choice.address);
      onChoose(choice);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const expanded = isOpen && options.length > 0;
  const combobox = useCombobox<PlaceSuggestion>({
    id,
    items: options,
    itemToString: (item) => (item ? [item.primary, item.secondary].filter(Boolean).join(', ') : ''),
    isOpen: expanded,
    highlightedIndex: expanded ? activeIndex : -1,
    inputValue: text,
    // Nothing stays selected: a choice is handed to the screen, whose place comes back as `selectedAddress`.
    selectedItem: null,
    // Every change downshift proposes is applied here, or not: clicking the input, hovering an
    // option and leaving the field never choose or open anything.
    onStateChange: ({ type, ...changes }) => {
      const { stateChangeTypes: types } = useCombobox;
      switch (type) {
        case types.InputChange:
          setText(changes.inputValue ?? '');
          lookUp(changes.inputValue ?? '');
          return;
        case types.InputKeyDownArrowDown:
        case types.InputKeyDownArrowUp:
          if (options.length === 0) return;
          setIsOpen(true);
          // Only what changed is proposed: one suggestion stays highlighted.
          if (changes.highlightedIndex !== undefined) setActiveIndex(changes.highlightedIndex);
          return;
        case types.InputKeyDownEscape:
          setIsOpen(false);
          setActiveIndex(-1);
          return;
        case types.InputBlur:
          setIsOpen(false);
          return;
        case types.ItemClick:
        case types.InputKeyDownEnter:
          if (changes.selectedItem) void choose(changes.selectedItem);
          return;
      }
    },
  });

  // Enter on typed text that is no suggestion: a place without geometry (the screen refuses it).
  // Enter never submits the form around the field.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (expanded && activeIndex >= 0) return;
    (
      event.nativeEvent as KeyboardEvent['nativeEvent'] & { preventDownshiftDefault?: boolean }
    ).preventDownshiftDefault = true;
    if (text.trim() !== '') {
      setIsOpen(false);
      onChoose({ address: text.trim(), location: null });
    }
  };

  return (
    <div className="address-search">
      {/* biome-ignore lint/a11y/noLabelWithoutControl: downshift's label props carry htmlFor (the input's id). */}
      <label className="address-search-label" {...combobox.getLabelProps()}>
        {label}
      </label>
      <input
        className="text-input address-search-input"
        type="text"
        spellCheck={false}
        placeholder="Search for an address"
        maxLength={MAX_LENGTH.address}
        {...combobox.getInputProps({
          ref: input,
          onKeyDown,
          onFocus: () => {
            if (text.trim() === '' && savedPlaces.length > 0) offerSaved();
            else if (options.length > 0) setIsOpen(true);
          },
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        })}
      />
      <ul
        className="address-search-list"
        hidden={!expanded}
        {...combobox.getMenuProps({
          // Its own name, not the field's label (downshift would name it by the label).
          'aria-labelledby': undefined,
          'aria-label': 'Suggested places',
          'aria-busy': isSearching,
        })}
      >
        {options.map((option, index) => (
          <li
            key={option.id}
            className="address-search-option"
            {...combobox.getItemProps({ item: option, index, 'aria-selected': index === activeIndex })}
          >
            <span className="address-search-primary">{option.primary}</span>
            {option.secondary ? <span className="address-search-secondary">{option.secondary}</span> : null}
          </li>
        ))}
      </ul>
      {/* One live region: counts are only announced; 'No places found' is shown to everyone, with what to do instead. */}
      <div className={status === NO_PLACES_FOUND ? 'address-search-empty' : 'sr-only'} aria-live="polite">
        {status === NO_PLACES_FOUND ? (
          <>
            <p className="address-search-empty-title">{NO_PLACES_FOUND}</p>
            <p className="address-search-empty-hint">{NO_PLACES_HINT}</p>
          </>
        ) : (
          status
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="address-search-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
