import { Button, Checkbox, FormControl, Textarea, useConfirm } from '@primer/react';
import { useState } from 'react';
import type { PageMergeBody } from '../../../shared/api/mergeRequests';
import type { CachedWidget, Widget } from '../../../shared/api/mergeWidget';
import { isMergePrevented, type AutoMergeStrategy } from '../../../shared/auto-merge/autoMergeStrategy';
import {
  commitMessageRows,
  isMergeButtonDisabled,
  isPipelineFailed,
  isStatusUnverifiable,
  mergeMessages,
  needsUnverifiedMergeConfirmation,
  showMergeCommitEditor,
  squashCheckbox,
  UNVERIFIED_MERGE_CONFIRM,
  UNVERIFIED_MERGE_QUESTION,
  UNVERIFIED_MERGE_TEXT,
  UNVERIFIED_MERGE_TITLE,
} from '../../../shared/merge-widget/mergeValidation';
import {
  mergeButtonText,
  mergeTrainHelperText,
  mergeNowChoices,
} from '../../../shared/merge-trains/mergeTrains';
import { commitsAddedText } from '../../../shared/merge-widget/commitsAdded';
import { mergeFormSourceBranchLine } from '../../../shared/merge-widget/widgetVisibility';
import { MergeTrainMergeNow } from './MergeTrainMergeNow';
import { SquashCheckbox } from './SquashCheckbox';

type Props = {
  cached: CachedWidget;
  widget: Widget;
  /** The strategy "Set to auto-merge" sets; `null` when the request merges now. */
  autoMergeStrategy: AutoMergeStrategy | null;
  inFlight: boolean;
  onMerge: (body: Omit<PageMergeBody, 'sha'>) => void;
};

/** An edited message, or the server's default that is sent only once someone edits it. */
function useMessage(initial: string | null) {
  const [text, setText] = useState(initial ?? '');
  const [edited, setEdited] = useState(false);
  return {
    text,
    edited,
    change: (value: string) => {
      setText(value);
      setEdited(true);
    },
  };
}

/** A commit message, required, growing from 7 rows up to 32 with its text. */
function CommitMessageEditor({ label, message }: { label: string; message: ReturnType<typeof useMessage> }) {
  return (
    <FormControl required className="mw-form__editor">
      <FormControl.Label>{label}</FormControl.Label>
      <Textarea
        block
        rows={commitMessageRows(message.text)}
        value={message.text}
        onChange={(event) => message.change(event.target.value)}
      />
    </FormControl>
  );
}

/** The merge form: delete source branch, squash, the commit messages, and Merge or Set to auto-merge. */
export function ReadyToMergeForm({ cached, widget, autoMergeStrategy, inFlight, onMerge }: Props) {
  const user = widget.current_user;
  const confirm = useConfirm();
  const [removeSource, setRemoveSource] = useState(
    cached.should_remove_source_branch ?? cached.force_remove_source_branch,
  );
  const [squash, setSquash] = useState(cached.squash_on_merge || cached.squash);
  const [editing, setEditing] = useState(false);
  const mergeMessage = useMessage(widget.default_merge_commit_message);
  const squashMessage = useMessage(widget.default_squash_commit_message);

  const sourceBranchLine = mergeFormSourceBranchLine({
    canRemoveSourceBranch: user.can_remove_source_branch,
    removeSourceBranch: cached.remove_source_branch,
  });
  const squashBox = squashCheckbox({
    // The project's "never" arrives as read-only and off, which the rule hides.
    squashEnabled: true,
    squashIsReadonly: cached.squash_readonly,
    squashIsSelected: squash,
  });
  const squashing = squashBox.shown && squash;
  const mergeEditor = showMergeCommitEditor(cached.ff_only_enabled);
  // The message a merge would write: the merge commit's, else the squash commit's on a fast-forward.
  const requiredMessage = mergeEditor ? mergeMessage.text : squashing ? squashMessage.text : null;
  const disabled = isMergeButtonDisabled({
    // A fast-forward that does not squash writes no commit, so no message is required of it.
    commitMessage: requiredMessage ?? cached.title,
    canMerge: user.can_merge,
    requestInFlight: inFlight,
    mergePrevented: isMergePrevented({
      approvalsAvailable: false,
      approved: true,
      preferredStrategy: autoMergeStrategy,
    }),
  });

  // "Merge now" past a merge train sends no strategy, and whether the train restarts.
  const helperText = mergeTrainHelperText(autoMergeStrategy);
  const mergeNow = mergeNowChoices({
    strategy: autoMergeStrategy,
    skipTrainAllowed: cached.merge_trains_skip_allowed,
  });
  const submit = (mergeNow?: { skipMergeTrain: boolean }) =>
    onMerge({
      auto_merge_strategy: mergeNow ? undefined : (autoMergeStrategy ?? undefined),
      ...(mergeNow && { skip_merge_train: mergeNow.skipMergeTrain }),
      // Without the checkbox the viewer has no say: the request's own choice stands on the server.
      should_remove_source_branch: user.can_remove_source_branch ? removeSource : undefined,
      squash: squashing,
      ...mergeMessages({
        squashShown: squashBox.shown,
        squashMessageEdited: squashMessage.edited,
        squashCommitMessage: squashMessage.text,
        mergeMessageEdited: mergeMessage.edited,
        commitMessage: mergeMessage.text,
      }),
    });

  // The head pipeline's status group (failed, canceled...); a retargeted request asks too.
  const ci = { hasCI: cached.has_ci, ciStatus: cached.pipeline?.details.status.group ?? null };
  const unverified = needsUnverifiedMergeConfirmation({
    pipelineFailed: isPipelineFailed({
      ...ci,
      pipelineMustSucceedConflict: cached.only_allow_merge_if_pipeline_succeeds && !cached.has_ci,
    }),
    statusUnverifiable: isStatusUnverifiable(ci),
    retargeted: cached.retargeted,
    strategy: autoMergeStrategy,
  });
  const mergeClicked = async () => {
    const confirmed =
      !unverified ||
      (await confirm({
        title: UNVERIFIED_MERGE_TITLE,
        content: (
          <div className="mw-confirm">
            <p>{UNVERIFIED_MERGE_TEXT}</p>
            <p>{UNVERIFIED_MERGE_QUESTION}</p>
          </div>
        ),
        confirmButtonContent: UNVERIFIED_MERGE_CONFIRM,
        // As GitLab, Cancel has the focus: Enter must not merge what nothing verified.
        confirmButtonType: 'danger',
      }));
    if (confirmed) submit();
  };

  return (
    <div className="box__row mw-form" aria-label="Merge options">
      <div className="mw-form__options">
        {user.can_remove_source_branch && (
          <FormControl>
            <Checkbox checked={removeSource} onChange={(event) => setRemoveSource(event.target.checked)} />
            <FormControl.Label>Delete source branch</FormControl.Label>
          </FormControl>
        )}
        {sourceBranchLine && (
          <p className="muted mw-form__note">
            <span>{sourceBranchLine.text}</span>
            <span className="mw-subtle"> · {sourceBranchLine.notice}</span>
          </p>
        )}
        {squashBox.shown && (
          <SquashCheckbox
            checked={squash}
            readonly={squashBox.readonly}
            tooltip={squashBox.tooltip}
            onChange={setSquash}
          />
        )}
        {(mergeEditor || squashing) && (
          <FormControl>
            <Checkbox checked={editing} onChange={(event) => setEditing(event.target.checked)} />
            <FormControl.Label>Edit commit message</FormControl.Label>
          </FormControl>
        )}
      </div>
      {editing && squashing && <CommitMessageEditor label="Squash commit message" message={squashMessage} />}
      {editing && mergeEditor && <CommitMessageEditor label="Merge commit message" message={mergeMessage} />}
      <div className="mw-form__actions">
        <span className="mw-split">
          <Button
            variant="primary"
            onClick={() => void mergeClicked()}
            disabled={disabled}
            loading={inFlight}
          >
            {mergeButtonText(autoMergeStrategy)}
          </Button>
          {mergeNow.length > 0 && (
            <MergeTrainMergeNow
              choices={mergeNow}
              disabled={disabled}
              onMergeNow={(skipMergeTrain) => submit({ skipMergeTrain })}
            />
          )}
        </span>
        {helperText && <span className="mw-subtle">{helperText}</span>}
      </div>
      <p className="mw-form__adds">
        {commitsAddedText({
          commitsCount: cached.commits_count,
          squash: squashing,
          fastForward: cached.ff_only_enabled,
          targetBranch: cached.target_branch,
        })}
      </p>
    </div>
  );
}
