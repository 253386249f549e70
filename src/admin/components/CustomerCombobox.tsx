import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { customersApi } from '@/lib/api/customers';
import type { CustomerListItem } from '@/lib/schemas/customer';
import type { Loadable } from '../stores/load';
import { useQuery } from '../stores/query';
import { inputClass } from './Field';

const SEARCH_DELAY_MS = 200;
const SUGGESTIONS = 8;

type Suggestions = { status: 'idle' } | Loadable<CustomerListItem[]>;

interface CustomerComboboxProps {
  /** The input's id and description, from the surrounding `Field`. */
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  /** The text shown at first (e.g. a customer already chosen). */
  initialText?: string;
  /**
   * Called as the text changes (customer null: typed, not chosen) and when a customer is chosen
   * from the list (the text becomes its name).
   */
  onChange: (text: string, customer: CustomerListItem | null) => void;
  onBlur?: () => void;
  /** The input, for a form to focus when the field is at fault. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A customer picker in the ARIA combobox pattern (an editable input with a listbox popup, list
 * autocomplete): typing searches active customers on the server; arrow keys move through the
 * suggestions, Enter chooses, Escape closes the list (and only the list, inside a dialog).
 */
export function CustomerCombobox({ id, initialText = '', onChange, onBlur, inputRef, ...aria }: CustomerComboboxProps) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  const listId = useId();
  const statusId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  // One search per pause in typing; an answer to an older search is never shown.
  useEffect(() => {
    if (query === null) return;
    const timer = setTimeout(() => {
      setSearched(query.trim());
      setActive(-1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useQuery(
    customersApi.list,
    searched === null ? null : { query: { q: searched, status: 'active', limit: SUGGESTIONS } },
    { fallback: 'Customers could not be loaded.' },
  );
  const suggestions: Suggestions = found ?? { status: 'idle' };

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const items = suggestions.status === 'ready' ? suggestions.data : [];

  const openList = () => {
    setOpen(true);
    if (suggestions.status === 'idle') setQuery(text);
  };

  const choose = (customer: CustomerListItem) => {
    setText(customer.name);
    setOpen(false);
    setActive(-1);
    onChange(customer.name, customer);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else if (items.length) setActive((active + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else if (items.length) setActive(active <= 0 ? items.length - 1 : active - 1);
        break;
      case 'Enter':
        if (open && active >= 0 && items[active]) {
          event.preventDefault();
          choose(items[active]);
        }
        break;
      case 'Escape':
        // Closing the list must not close the dialog around it.
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
    }
  };

  const announcement =
    !open || suggestions.status === 'idle'
      ? ''
      : suggestions.status === 'loading'
        ? 'Searching customers...'
        : suggestions.status === 'error'
          ? suggestions.message
          : items.length === 0
            ? 'No active customers found.'
            : `${items.length} customer${items.length === 1 ? '' : 's'} found. Use the up and down arrows to choose.`;

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        className={inputClass}
        {...aria}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setQuery(event.target.value);
          onChange(event.target.value, null);
        }}
        onKeyDown={onKeyDown}
        onClick={openList}
        onBlur={() => {
          setOpen(false);
          onBlur?.();
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open || items.length === 0}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {items.map((customer, index) => (
          // The input keeps focus and points at the active option (aria-activedescendant), so the
          // options take no focus and no keys of their own: ArrowUp/Down and Enter work in the input.
          // biome-ignore lint/a11y/useFocusableInteractive: see above
          // biome-ignore lint/a11y/useKeyWithClickEvents: see above
          <div
            key={customer.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-700 text-white' : 'text-slate-900 hover:bg-slate-100'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(customer)}
          >
            <span className="font-medium">{customer.name}</span>{' '}
            <span className={index === active ? 'text-white' : 'text-slate-700'}>
              {customer.id}
              {customer.contact ? ` · ${customer.contact}` : ''}
              {customer.email ? ` · ${customer.email}` : ''}
              {customer.phone ? ` · ${customer.phone}` : ''}
            </span>
          </div>
        ))}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {announcement}
      </p>
      {open && suggestions.status !== 'idle' && items.length === 0 ? (
        <p
          aria-hidden="true"
          className="absolute z-10 mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 shadow-lg"
        >
          {suggestions.status === 'loading'
            ? 'Searching...'
            : suggestions.status === 'error'
              ? suggestions.message
              : 'No active customers found.'}
        </p>
      ) : null}
    </div>
  );
}
