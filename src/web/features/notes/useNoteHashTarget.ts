import { useEffect, useRef, useState } from 'react';

const NOTE_HASH = /^#note_(\d+)$/;

function readTarget(): number | null {
  const match = NOTE_HASH.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

/** Spec 001 section 2: the note a `#note_{id}` location points at, following hash changes. */
export function useNoteHashTarget(): number | null {
  const [target, setTarget] = useState(readTarget);
  useEffect(() => {
    const onChange = () => setTarget(readTarget());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return target;
}

/**
 * Scrolls the target into view once it is rendered (threads arrive page by page) and marks it; a
 * pending comment is looked up by its draft id when no note has that id.
 */
export function useScrollToNote(target: number | null, rendered: number): void {
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (target === null || done.current === target) return;
    const element =
      document.getElementById(`note_${target}`) ?? document.getElementById(`draft_note_${target}`);
    if (!element) return;
    element.scrollIntoView({ block: 'center' });
    element.classList.add('note--target');
    done.current = target;
  }, [target, rendered]);
}
