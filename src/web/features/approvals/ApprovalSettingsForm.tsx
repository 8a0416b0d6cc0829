import { LockIcon } from '@primer/octicons-react';
import { Button, Checkbox, Flash, FormControl, Heading, Radio, RadioGroup, Spinner } from '@primer/react';
import { useState } from 'react';
import {
  APPROVAL_SETTINGS_LABELS,
  APPROVAL_SETTINGS_MESSAGES,
  type ApiApprovalSettings,
} from '../../../shared/approvals';
import {
  changedSettings,
  GROUP_ON_COMMIT_CHOICES,
  GROUP_SETTING_CHECKBOXES,
  lockedReason,
  ON_COMMIT_CHOICES,
  onCommitBody,
  onCommitOf,
  SETTING_CHECKBOXES,
  type SettingsDraft,
} from './approvalSettingsForm';
import { ApprovalSettingsAlerts } from './ApprovalSettingsAlerts';
import { useApprovalSettings, useUpdateApprovalSettings, type SettingsTarget } from './settingsQueries';

type Props = { target: SettingsTarget };

/**
 * The approval settings of a project or a group (002 §2, §8), with locked ones shown disabled,
 * with a lock, and where they are locked.
 */
export function ApprovalSettingsForm({ target }: Props) {
  const settings = useApprovalSettings(target);
  if (settings.isError)
    return (
      <Flash variant="danger" role="alert">
        {APPROVAL_SETTINGS_MESSAGES.loadError}
      </Flash>
    );
  if (!settings.data) return <Spinner size="small" srText="Loading approval settings" />;
  return <LoadedSettings target={target} loaded={settings.data} />;
}

function LoadedSettings({ target, loaded }: Props & { loaded: ApiApprovalSettings }) {
  const update = useUpdateApprovalSettings(target);
  const [checkboxes, choices] =
    target.kind === 'groups'
      ? [GROUP_SETTING_CHECKBOXES, GROUP_ON_COMMIT_CHOICES]
      : [SETTING_CHECKBOXES, ON_COMMIT_CHOICES];
  const [draft, setDraft] = useState<SettingsDraft>({});
  const [saved, setSaved] = useState(false);
  const valueOf = (name: keyof ApiApprovalSettings) => draft[name] ?? loaded[name].value;
  const set = (values: SettingsDraft) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...values }));
  };
  const onCommit = onCommitOf({
    ...loaded,
    retain_approvals_on_push: {
      ...loaded.retain_approvals_on_push,
      value: valueOf('retain_approvals_on_push'),
    },
    selective_code_owner_removals: {
      ...loaded.selective_code_owner_removals,
      value: valueOf('selective_code_owner_removals'),
    },
  });
  const commitLock = lockedReason(loaded.retain_approvals_on_push);
  const save = () => {
    setSaved(false);
    update.mutate(changedSettings(loaded, draft), {
      onSuccess: () => {
        setDraft({});
        setSaved(true);
      },
    });
  };

  return (
    <form
      className="stack approval-settings"
      aria-label="Approval settings"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Heading as="h3" variant="small">
        Approval settings
      </Heading>
      <ApprovalSettingsAlerts saved={saved} failed={update.isError} />
      {checkboxes.map(({ name, label, negated }) => {
        const reason = lockedReason(loaded[name]);
        return (
          <FormControl key={name} disabled={reason !== null}>
            <Checkbox
              checked={negated ? !valueOf(name) : valueOf(name)}
              onChange={(event) => set({ [name]: negated ? !event.target.checked : event.target.checked })}
            />
            <FormControl.Label>
              {label}
              {reason && <LockIcon className="approval-settings__lock" aria-label="Locked" size={14} />}
            </FormControl.Label>
            {reason && <FormControl.Caption>{reason}</FormControl.Caption>}
          </FormControl>
        );
      })}
      <RadioGroup
        name="approvals-on-commit"
        disabled={commitLock !== null}
        onChange={(value) => set(onCommitBody(value as typeof onCommit))}
      >
        <RadioGroup.Label>
          {APPROVAL_SETTINGS_LABELS.whenCommitAdded}
          {commitLock && <LockIcon className="approval-settings__lock" aria-label="Locked" size={14} />}
        </RadioGroup.Label>
        {commitLock && <RadioGroup.Caption>{commitLock}</RadioGroup.Caption>}
        {choices.map((choice) => (
          <FormControl key={choice.value}>
            <Radio value={choice.value} checked={onCommit === choice.value} />
            <FormControl.Label>{choice.label}</FormControl.Label>
          </FormControl>
        ))}
      </RadioGroup>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
