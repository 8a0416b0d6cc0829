import { type RefObject, useEffect } from 'react';

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl-F, or Cmd-F on a Mac: the key press that opens the browser's find. */
export const isFindKey = (event: KeyPress): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f';

/**
 * Browser find still has an answer (spec 2.7): while some files of the diff are out of the DOM
 * (`linesHidden`), where browser find cannot see them, Ctrl/Cmd-F goes to "Find in changes" with
 * its text selected; otherwise the browser's own find is left alone.
 */
export function useFindShortcut(input: RefObject<HTMLInputElement | null>, linesHidden: () => boolean) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isFindKey(event) || !input.current || !linesHidden()) return;
      event.preventDefault();
      input.current.focus();
      input.current.select();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input, linesHidden]);
}
