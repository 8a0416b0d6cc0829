import { ActionList, ActionMenu, Flash, Spinner, TextInput } from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useProjectLabels } from './projectLabels';
import { LabelChip, type ListedLabel } from './LabelChip';
import './sidebar.css';

/** The words shown when saving the labels fails. */
export const LABELS_FAILED = 'Something went wrong while updating labels';

type Props = {
  fullPath: string;
  /** The labels now, by name (or as GitLab's label objects). */
  labels: ListedLabel[];
  /** `can_set_issue_metadata` on issues, `can_update` on merge requests. */
  canEdit: boolean;
  /** Saves the whole list (`labels`, comma-separated). */
  update: { mutate: (body: { labels: string }) => void; isError: boolean };
};

const nameOf = (label: ListedLabel) => (typeof label === 'string' ? label : label.name);

/** The sidebar's labels of an issue or a merge request: a searchable picker, each pick saved at once. */
export function LabelsField({ fullPath, labels, canEdit, update }: Props) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const projectLabels = useProjectLabels(fullPath);
  const shown = labels.map(nameOf);
  // As the assignees field: picks build on the list last asked for until the shown one catches up.
  const [asked, setAsked] = useState<string[] | null>(null);
  if (asked !== null && (sameNames(asked, shown) || update.isError)) setAsked(null);
  const chosen = asked ?? shown;
  const toggle = (name: string) => {
    const next = chosen.includes(name) ? chosen.filter((other) => other !== name) : [...chosen, name];
    setAsked(next);
    update.mutate({ labels: next.join(',') });
  };
  const known = projectLabels.data ?? [];
  const colourOf = (name: string) => known.find((label) => label.name === name);
  const needle = search.trim().toLowerCase();
  const candidates = known.filter((label) => label.name.toLowerCase().includes(needle));

  return (
    <section className="sidebar__block" aria-label="Labels">
      <div className="sidebar__heading">
        <span>Labels</span>
        {canEdit && (
          <ActionMenu
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              // Each opening starts from the whole list.
              if (!next) setSearch('');
            }}
          >
            <ActionMenu.Anchor>
              <button type="button" className="sidebar__edit" aria-label="Edit labels">
                Edit
              </button>
            </ActionMenu.Anchor>
            <ActionMenu.Overlay width="medium">
              <div className="sidebar__search">
                <TextInput
                  block
                  aria-label="Search labels"
                  placeholder="Search labels"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
              <ActionList selectionVariant="multiple" aria-label="Select labels">
                {candidates.map((label) => (
                  <ActionList.Item
                    key={label.id}
                    selected={chosen.includes(label.name)}
                    onSelect={() => toggle(label.name)}
                  >
                    <ActionList.LeadingVisual>
                      <span className="label-swatch" style={{ backgroundColor: label.color }} />
                    </ActionList.LeadingVisual>
                    {label.name}
                    {label.description && (
                      <ActionList.Description>{label.description}</ActionList.Description>
                    )}
                  </ActionList.Item>
                ))}
              </ActionList>
              {projectLabels.isPending && <Spinner size="small" />}
              {projectLabels.isSuccess && candidates.length === 0 && (
                <p className="muted sidebar__search">No matching labels</p>
              )}
              <div className="sidebar__search">
                <RouterLink to={`/${fullPath}/-/labels`}>Manage project labels</RouterLink>
              </div>
            </ActionMenu.Overlay>
          </ActionMenu>
        )}
      </div>
      {update.isError && <Flash variant="danger">{LABELS_FAILED}</Flash>}
      {shown.length === 0 ? (
        <p className="muted sidebar__value">None</p>
      ) : (
        <ul className="label-chips" aria-label="Applied labels">
          {shown.map((name) => {
            const label = colourOf(name);
            return (
              <li key={name}>
                <LabelChip name={name} color={label?.color ?? '#e3e2e6'} description={label?.description} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((name) => b.includes(name));
