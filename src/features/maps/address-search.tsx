import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
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
 * chooses a place without geometry, which the screen refuses.
 */
export function AddressSearch({
  search,
  onChoose,
  selectedAddress,
  label = 'Address',
  savedPlaces = NO_SAVED_PLACES,
}: AddressSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (options.length === 0) return;
        setIsOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveIndex((index) => (index + step + options.length) % options.length);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const active = isOpen ? options[activeIndex] : undefined;
        if (active) void choose(active);
        else if (text.trim() !== '') {
          setIsOpen(false);
          onChoose({ address: text.trim(), location: null });
        }
        return;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          setIsOpen(false);
          setActiveIndex(-1);
        }
        return;
    }
  };

  const expanded = isOpen && options.length > 0;
  return (
    <div className="address-search">
      <label htmlFor={`${id}-input`} className="address-search-label">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="text-input address-search-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search for an address"
        maxLength={MAX_LENGTH.address}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          lookUp(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
        onFocus={() => {
          if (text.trim() === '' && savedPlaces.length > 0) offerSaved();
          else if (options.length > 0) setIsOpen(true);
        }}
      />
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: a list of options; the input keeps focus and aria-activedescendant points into it.
        role="listbox"
        aria-label="Suggested places"
        aria-busy={isSearching}
        className="address-search-list"
        hidden={!expanded}
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useFocusableInteractive: options are reached with the arrow keys from the input (aria-activedescendant), never focused themselves.
          <li
            key={option.id}
            id={`${id}-option-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox above.
            role="option"
            aria-selected={index === activeIndex}
            className="address-search-option"
            // mousedown, not click: the input keeps focus and its blur does not close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              void choose(option);
            }}
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
