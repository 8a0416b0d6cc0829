import { GlobeIcon, LockIcon, ShieldLockIcon } from '@primer/octicons-react';
import { Label } from '@primer/react';
import type { Visibility } from '../../shared/access/accessLevels';

export const VISIBILITY_TEXT: Record<Visibility, { label: string; project: string; group: string }> = {
  private: {
    label: 'Private',
    project:
      'Project access must be granted explicitly to each user. If this project is part of a group, access is granted to members of the group.',
    group: 'The group and its projects can only be viewed by members.',
  },
  internal: {
    label: 'Internal',
    project: 'The project can be accessed by any signed-in user.',
    group: 'The group and any internal projects can be viewed by any signed-in user.',
  },
  public: {
    label: 'Public',
    project: 'The project can be accessed without any authentication.',
    group: 'The group and any public projects can be viewed without any authentication.',
  },
};

const ICONS = { private: LockIcon, internal: ShieldLockIcon, public: GlobeIcon } as const;

/** The visibility as an icon; named for screen readers unless the text beside it already says it. */
export function VisibilityIcon({
  visibility,
  decorative = false,
}: {
  visibility: Visibility;
  decorative?: boolean;
}) {
  const Icon = ICONS[visibility];
  return decorative ? <Icon aria-hidden="true" /> : <Icon aria-label={VISIBILITY_TEXT[visibility].label} />;
}

export function VisibilityLabel({ visibility }: { visibility: Visibility }) {
  const Icon = ICONS[visibility];
  return (
    <Label variant="secondary" className="visibility-label">
      <Icon size={12} /> {VISIBILITY_TEXT[visibility].label}
    </Label>
  );
}
