import { useCallback, useState } from 'react';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, text: string): void {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the text still lives in the form, just not across reloads.
  }
}

/**
 * Spec 001 section 2.4: a form's text survives a reload in local storage under its autosave key
 * (`note/{type}/{id}`), and is forgotten once saved or cancelled.
 */
export function useAutosavedText(key: string, initial = ''): [string, (text: string) => void, () => void] {
  const [text, setText] = useState(() => read(key) ?? initial);
  const change = useCallback(
    (next: string) => {
      setText(next);
      write(key, next === initial ? '' : next);
    },
    [key, initial],
  );
  const clear = useCallback(() => {
    setText(initial);
    write(key, '');
  }, [key, initial]);
  return [text, change, clear];
}

/** Whether a form has unsaved text waiting (a saved draft reopens the reply form). */
export function hasAutosavedText(key: string): boolean {
  return Boolean(read(key));
}
