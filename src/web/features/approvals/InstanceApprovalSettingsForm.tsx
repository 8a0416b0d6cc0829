import { Button, Checkbox, Flash, FormControl, Heading, Spinner } from '@primer/react';
import { useState } from 'react';
import { APPROVAL_SETTINGS_MESSAGES } from '../../../shared/approvals';
import type { ApplicationApprovalSettingsJson } from '../../../shared/api/approvals';
import { INSTANCE_SETTING_CHECKBOXES } from './approvalSettingsForm';
import { useInstanceApprovalSettings, useUpdateInstanceApprovalSettings } from './settingsQueries';
import { ApprovalSettingsAlerts } from './ApprovalSettingsAlerts';
import './approvals.css';

/**
 * The admin area's "Merge request approvals": what an administrator restricts here is locked in
 * every group and project.
 */
export function InstanceApprovalSettingsForm() {
  const settings = useInstanceApprovalSettings();
  return (
    <section className="box settings-section stack" aria-label="Merge request approvals">
      <Heading as="h2" variant="small">
        Merge request approvals
      </Heading>
      <p className="muted">What you restrict here is locked in every group and project of this instance.</p>
      {settings.isError ? (
        <Flash variant="danger" role="alert">
          {APPROVAL_SETTINGS_MESSAGES.loadError}
        </Flash>
      ) : settings.data ? (
        <LoadedInstanceSettings loaded={settings.data} />
      ) : (
        <Spinner size="small" srText="Loading approval settings" />
      )}
    </section>
  );
}

function LoadedInstanceSettings({ loaded }: { loaded: ApplicationApprovalSettingsJson }) {
  const update = useUpdateInstanceApprovalSettings();
  const [draft, setDraft] = useState<Partial<ApplicationApprovalSettingsJson>>({});
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="stack approval-settings"
      aria-label="Instance approval settings"
      onSubmit={(event) => {
        event.preventDefault();
        setSaved(false);
        update.mutate(draft, {
          onSuccess: () => {
            setDraft({});
            setSaved(true);
          },
        });
      }}
    >
      <ApprovalSettingsAlerts saved={saved} failed={update.isError} />
      {INSTANCE_SETTING_CHECKBOXES.map(({ name, label }) => (
        <FormControl key={name}>
          <Checkbox
            checked={draft[name] ?? loaded[name]}
            onChange={(event) => {
              setSaved(false);
              setDraft((current) => ({ ...current, [name]: event.target.checked }));
            }}
          />
          <FormControl.Label>{label}</FormControl.Label>
        </FormControl>
      ))}
      <div>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
