import { TextInput } from '@primer/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EMOJI, findEmoji } from '../../../shared/emoji/emoji';
import {
  FREQUENT_EMOJI_KEY,
  frequentEmoji,
  parseFrequentEmoji,
  recordEmojiUse,
} from '../../../shared/notes/emojiAwards';
import { byCategory, pickerRows, searchEmoji } from './emojiPickerRows';

/** Spec 001 section 9: the search waits for a 500 ms pause in typing. */
const SEARCH_DEBOUNCE_MS = 500;
const ROW_HEIGHT = 34;
const CATEGORIES = byCategory(EMOJI);
const exists = (name: string) => findEmoji(name) !== null;

function readFrequent(): string[] {
  try {
    return frequentEmoji(parseFrequentEmoji(window.localStorage.getItem(FREQUENT_EMOJI_KEY)), exists);
  } catch {
    return [];
  }
}

function rememberUse(name: string): void {
  try {
    const list = recordEmojiUse(readFrequent(), name, exists);
    window.localStorage.setItem(FREQUENT_EMOJI_KEY, JSON.stringify(list));
  } catch {
    // Without storage the picker simply has no "Frequently used" section.
  }
}

/**
 * The open picker: search, frequently used (at most 9, kept in local storage), then every
 * category. In a module of its own with the emoji list, loaded when a picker first opens.
 */
export function EmojiPickerBody({ onPick }: { onPick: (name: string) => void }) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const rows = useMemo(() => {
    if (query) return pickerRows([{ title: 'Search results', emoji: searchEmoji(EMOJI, query) }]);
    const frequent = readFrequent().flatMap((name) => findEmoji(name) ?? []);
    return pickerRows([{ title: 'Frequently used', emoji: frequent }, ...CATEGORIES]);
  }, [query]);

  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the build runs no React Compiler to skip this component
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
  });

  return (
    <div className="emoji-picker">
      <TextInput
        block
        autoFocus
        aria-label="Search emoji"
        placeholder="Search emoji"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div ref={scroller} className="emoji-picker__scroller">
        {rows.length === 0 ? (
          <p className="muted emoji-picker__empty">No emoji found.</p>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div
                  key={item.key}
                  className="emoji-picker__row"
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {row.kind === 'heading' ? (
                    <span className="emoji-picker__heading">{row.title}</span>
                  ) : (
                    row.emoji.map((emoji) => (
                      <button
                        key={emoji.name}
                        type="button"
                        className="emoji-picker__emoji"
                        title={`:${emoji.name}:`}
                        aria-label={emoji.name}
                        onClick={() => {
                          rememberUse(emoji.name);
                          onPick(emoji.name);
                        }}
                      >
                        {emoji.unicode}
                      </button>
                    ))
                  )}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
