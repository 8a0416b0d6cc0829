import { Flash, IconButton } from '@primer/react';
import { XIcon } from '@primer/octicons-react';
import { useLocation, useNavigate } from 'react-router';
import { refusedDependenciesIn } from './dependencies';
import './dependencies.css';

/**
 * On a merge request just created: the dependencies the server refused to add (the request itself
 * was created), each with the server's reason, until the author dismisses it.
 */
export function RefusedDependenciesFlash() {
  const location = useLocation();
  const navigate = useNavigate();
  const refused = refusedDependenciesIn(location.state);
  if (refused.length === 0) return null;
  const dismiss = () => void navigate(location, { replace: true, state: null });
  const one = refused.length === 1;
  return (
    <Flash variant="warning" role="alert" className="mr-refused-dependencies">
      <div className="stack">
        <strong>
          The merge request was created, but {one ? 'a dependency' : 'some dependencies'} could not be added:
        </strong>
        <ul>
          {refused.map((dependency) => (
            <li key={dependency.reference}>
              <code>{dependency.reference}</code>: {dependency.reason}
            </li>
          ))}
        </ul>
        <span>Edit the merge request to add {one ? 'it' : 'them'} again.</span>
      </div>
      <IconButton icon={XIcon} variant="invisible" size="small" aria-label="Dismiss" onClick={dismiss} />
    </Flash>
  );
}
