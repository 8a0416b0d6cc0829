import { Button, Flash, Label, Textarea, Tooltip } from '@primer/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Note, Suggestion } from '../../../shared/api/notes';
import { DEFAULT_SUGGESTION_COMMIT_MESSAGE } from '../../../shared/suggestions/commitMessage';
import { request } from '../../api/client';
import { MarkdownBody, type TaskList } from '../../components/MarkdownBody';
import { applyErrorText, contentLines, splitSuggestions } from './suggestionBody';
import './suggestions.css';

/** The suggestions chosen to land together as one commit ("Add suggestion to batch"). */
type Batch = { ids: readonly number[]; toggle: (id: number) => void; clear: () => void };

const BatchContext = createContext<Batch | null>(null);

/** Holds one page's batch of suggestions, shared by every note shown under it. */
export function SuggestionBatchProvider({ children }: { children: ReactNode }) {
  const [ids, setIds] = useState<readonly number[]>([]);
  const toggle = useCallback(
    (id: number) =>
      setIds((current) => (current.includes(id) ? current.filter((i) => i !== id) : [...current, id])),
    [],
  );
  const clear = useCallback(() => setIds([]), []);
  const value = useMemo(() => ({ ids, toggle, clear }), [ids, toggle, clear]);
  return <BatchContext.Provider value={value}>{children}</BatchContext.Provider>;
}

/**
 * Applies one suggestion or a batch (GitLab's suggestions API): a commit on the source branch, so
 * everything the page shows of the merge request (its diff, its threads) is read again.
 */
function useApplySuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, message }: { ids: readonly number[]; message: string }): Promise<void> => {
      const commit_message = message.trim() || undefined;
      if (ids.length === 1)
        await request<Suggestion>(`/api/v4/suggestions/${ids[0]}/apply`, {
          method: 'PUT',
          body: { commit_message },
        });
      else
        await request<Suggestion[]>('/api/v4/suggestions/batch_apply', {
          method: 'PUT',
          body: { ids, commit_message },
        });
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** A note's body with each ```suggestion block shown as the change it proposes. */
export function NoteBodyWithSuggestions({ note, taskList }: { note: Note; taskList: TaskList | null }) {
  const parts = useMemo(() => splitSuggestions(note.note_html), [note.note_html]);
  return (
    <>
      {parts.map((part, i) => {
        if (part.kind === 'html') return <MarkdownBody key={i} html={part.html} taskList={taskList} />;
        const suggestion = note.suggestions[part.index];
        return suggestion ? <SuggestionDiff key={i} suggestion={suggestion} /> : null;
      })}
    </>
  );
}

function SuggestionDiff({ suggestion }: { suggestion: Suggestion }) {
  const batch = useContext(BatchContext);
  const apply = useApplySuggestions();
  const [composing, setComposing] = useState(false);
  const [message, setMessage] = useState('');
  const inBatch = batch?.ids.includes(suggestion.id) ?? false;
  const batchIds = inBatch && batch ? batch.ids : [suggestion.id];
  const removed = contentLines(suggestion.from_content);
  const added = contentLines(suggestion.to_content);

  const submit = () =>
    apply.mutate(
      { ids: batchIds, message },
      {
        onSuccess: () => {
          setComposing(false);
          if (inBatch) batch?.clear();
        },
      },
    );

  // Not appliable, the button stays focusable (inactive, not disabled) so its tooltip can say why:
  // Primer's Tooltip refuses a trigger that is not interactive, and takes the whole page with it.
  const applyButton = (
    <Button
      size="small"
      variant="primary"
      inactive={!suggestion.appliable}
      aria-disabled={!suggestion.appliable || undefined}
      disabled={apply.isPending}
      onClick={suggestion.appliable ? () => setComposing(!composing) : undefined}
    >
      {inBatch ? `Apply suggestions (${batchIds.length})` : 'Apply suggestion'}
    </Button>
  );
  return (
    <div className="suggestion" role="group" aria-label="Suggested change">
      <div className="suggestion__header">
        <span className="suggestion__title">Suggested change</span>
        {suggestion.applied ? (
          <Label variant="success">Suggestion applied</Label>
        ) : (
          <span className="suggestion__actions">
            {batch && suggestion.appliable && (
              <Button size="small" onClick={() => batch.toggle(suggestion.id)} disabled={apply.isPending}>
                {inBatch ? 'Remove from batch' : 'Add suggestion to batch'}
              </Button>
            )}
            {suggestion.appliable || !suggestion.inapplicable_reason ? (
              applyButton
            ) : (
              <Tooltip text={suggestion.inapplicable_reason} direction="n">
                {applyButton}
              </Tooltip>
            )}
          </span>
        )}
      </div>
      <table className="suggestion__diff">
        <tbody>
          {removed.map((text, i) => (
            <tr key={`old-${i}`} className="suggestion__line suggestion__line--old">
              <td className="suggestion__num">{suggestion.from_line + i}</td>
              <td className="suggestion__num" />
              <td className="suggestion__code">-{text}</td>
            </tr>
          ))}
          {added.map((text, i) => (
            <tr key={`new-${i}`} className="suggestion__line suggestion__line--new">
              <td className="suggestion__num" />
              <td className="suggestion__num">{suggestion.from_line + i}</td>
              <td className="suggestion__code">+{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {composing && (
        <form
          className="suggestion__commit"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Textarea
            aria-label="Commit message"
            placeholder={DEFAULT_SUGGESTION_COMMIT_MESSAGE}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            rows={2}
            block
          />
          <Button type="submit" size="small" variant="primary" loading={apply.isPending}>
            Apply
          </Button>
        </form>
      )}
      {apply.isError && (
        <Flash variant="danger" role="alert">
          {applyErrorText(apply.error, batchIds.length > 1)}
        </Flash>
      )}
    </div>
  );
}
