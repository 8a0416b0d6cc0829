import { Button, Checkbox, Flash, FormControl, Heading, Radio, RadioGroup, Spinner } from '@primer/react';
import { useState } from 'react';
import {
  APPROVAL_SETTINGS_LABELS,
  APPROVAL_SETTINGS_MESSAGES,
  type ApiApprovalSettings,
} from '../../../shared/approvals';
import {
  changedSettings,
  lockedReason,
  ON_COMMIT_CHOICES,
  onCommitBody,
  onCommitOf,
  SETTING_CHECKBOXES,
  type SettingsDraft,
} from './approvalSettingsForm';
import { useApprovalSettings, useUpdateApprovalSettings } from './settingsQueries';

type Props = { fullPath: string; groupName: string };

/** The approval settings of a project (002 §2, §8), with locked ones shown disabled and why. */
export function ApprovalSettingsForm({ fullPath, groupName }: Props) {
  const settings = useApprovalSettings(fullPath);
  if (settings.isError)
    return (
      <Flash variant="danger" role="alert">
        {APPROVAL_SETTINGS_MESSAGES.loadError}
      </Flash>
    );
  if (!settings.data) return <Spinner size="small" srText="Loading approval settings" />;
  return <LoadedSettings fullPath={fullPath} groupName={groupName} loaded={settings.data} />;
}

function LoadedSettings({ fullPath, groupName, loaded }: Props & { loaded: ApiApprovalSettings }) {
  const update = useUpdateApprovalSettings(fullPath);
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
  const commitLock = lockedReason(loaded.retain_approvals_on_push, groupName);
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
      {saved && (
        <Flash variant="success" role="status">
          {APPROVAL_SETTINGS_MESSAGES.updateSuccess}
        </Flash>
      )}
      {update.isError && (
        <Flash variant="danger" role="alert">
          {APPROVAL_SETTINGS_MESSAGES.updateError}
        </Flash>
      )}
      {SETTING_CHECKBOXES.map(({ name, label, negated }) => {
        const reason = lockedReason(loaded[name], groupName);
        return (
          <FormControl key={name} disabled={reason !== null}>
            <Checkbox
              checked={negated ? !valueOf(name) : valueOf(name)}
              onChange={(event) => set({ [name]: negated ? !event.target.checked : event.target.checked })}
            />
            <FormControl.Label>{label}</FormControl.Label>
            {reason && <FormControl.Caption>{reason}</FormControl.Caption>}
          </FormControl>
        );
      })}
      <RadioGroup
        name="approvals-on-commit"
        disabled={commitLock !== null}
        onChange={(value) => set(onCommitBody(value as typeof onCommit))}
      >
        <RadioGroup.Label>{APPROVAL_SETTINGS_LABELS.whenCommitAdded}</RadioGroup.Label>
        {commitLock && <RadioGroup.Caption>{commitLock}</RadioGroup.Caption>}
        {ON_COMMIT_CHOICES.map((choice) => (
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
