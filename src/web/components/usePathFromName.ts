import { useState } from 'react';
import { pathFromName } from '../../shared/names/paths';

/**
 * The URL path of something being created: it follows the name as typed until the user edits it,
 * from then on it is what they typed.
 */
export function usePathFromName(name: string): [path: string, edit: (path: string) => void] {
  const [path, setPath] = useState('');
  const [pathEdited, setPathEdited] = useState(false);
  const edit = (next: string) => {
    setPathEdited(true);
    setPath(next);
  };
  return [pathEdited ? path : pathFromName(name), edit];
}
