import { Button, IconButton, TextInput } from '@primer/react';
import { XIcon } from '@primer/octicons-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { parseMergeRequestReference } from '../../../shared/merge-requests/mergeRequestReference';
import { ApiError } from '../../api/client';
import { dependencyOf, findMergeRequest, type Dependency } from './dependencies';
import './dependencies.css';

type Props = {
  fullPath: string;
  /** The merge request being edited, which cannot depend on itself; null on the new form. */
  selfId: number | null;
  value: Dependency[];
  onChange: (next: Dependency[]) => void;
};

/**
 * "Merge request dependencies" of the new and edit forms, as GitLab has them: merge requests,
 * added by reference (`!12`, `group/project!12`) or URL, that must merge before this one can.
 */
export function MergeRequestDependenciesField({ fullPath, selfId, value, onChange }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const add = async () => {
    const location = parseMergeRequestReference(text, fullPath);
    if (!location) {
      setProblem('Enter a merge request reference such as !12, or its URL.');
      return;
    }
    setLooking(true);
    setProblem(null);
    try {
      const mr = await findMergeRequest(location);
      if (mr.id === selfId) setProblem('A merge request cannot depend on itself.');
      else if (value.some((chosen) => chosen.id === mr.id)) setProblem(`${text.trim()} is already listed.`);
      else {
        onChange([...value, dependencyOf(mr, fullPath)]);
        setText('');
      }
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 404
          ? `${text.trim()} was not found, or you cannot see it.`
          : error instanceof Error
            ? error.message
            : String(error),
      );
    } finally {
      setLooking(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the reference rather than submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void add();
  };

  return (
    <div className="stack mr-dependencies" role="group" aria-label="Merge request dependencies">
      {/* The Add button sits beside the input, which Primer's FormControl does not allow. */}
      <label htmlFor={inputId} className="mr-dependencies__label">
        Merge request dependencies
      </label>
      <div className="row mr-dependencies__add">
        <TextInput
          id={inputId}
          block
          maxLength={2000}
          placeholder="Enter merge request URLs or references such as !12"
          aria-describedby={hintId}
          aria-invalid={problem !== null}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" onClick={() => void add()} loading={looking} disabled={!text.trim()}>
          Add
        </Button>
      </div>
      <p
        id={hintId}
        role={problem ? 'alert' : undefined}
        className={problem ? 'mr-dependencies__hint mr-dependencies__hint--error' : 'mr-dependencies__hint'}
      >
        {problem ?? 'List the merge requests that must be merged before this one.'}
      </p>
      {value.length > 0 && (
        <ul className="mr-dependencies__list" aria-label="Dependencies">
          {value.map((mr) => (
            <li key={mr.id} className="mr-dependencies__item">
              <RouterLink to={new URL(mr.webUrl).pathname}>{mr.reference}</RouterLink>
              <span className="mr-dependencies__title">{mr.title}</span>
              <IconButton
                icon={XIcon}
                size="small"
                variant="invisible"
                aria-label={`Remove ${mr.reference}`}
                onClick={() => onChange(value.filter((other) => other.id !== mr.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
