import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '#client/components/ui/input.tsx';

/** How long typing pauses before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: the text is the box's own state, and the list hears of it once typing
 * pauses (or on Enter), so each key press re-renders only this input, never the list.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  className = '',
}: {
  label: string;
  placeholder: string;
  /** The search in effect (from the address). */
  value: string;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Back/forward, or a reset, changes the search from outside: show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    if (next.trim() === sent.current) return;
    sent.current = next.trim();
    onSearch(next.trim());
  };

  return (
    <div className={`relative ${className}`}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            send(text);
          }
        }}
      />
    </div>
  );
}
