import { FormControl, Radio, RadioGroup } from '@primer/react';
import { VISIBILITIES, type Visibility } from '../../shared/access/accessLevels';
import { exceedsVisibility } from '../../shared/access/accessLevels';
import { VisibilityIcon, VISIBILITY_TEXT } from './VisibilityLabel';

type VisibilityFieldProps = {
  value: Visibility;
  onChange: (visibility: Visibility) => void;
  kind: 'project' | 'group';
  /** The enclosing group's visibility: nothing inside may be more visible. */
  maximum?: Visibility;
};

/** "Visibility level" radios, each with what it means, as GitLab words them. */
export function VisibilityField({ value, onChange, kind, maximum }: VisibilityFieldProps) {
  return (
    <RadioGroup name="visibility" onChange={(selected) => selected && onChange(selected as Visibility)}>
      <RadioGroup.Label>Visibility level</RadioGroup.Label>
      {VISIBILITIES.map((visibility) => {
        const blocked = maximum !== undefined && exceedsVisibility(visibility, maximum);
        return (
          <FormControl key={visibility} disabled={blocked}>
            <Radio value={visibility} checked={value === visibility} />
            <FormControl.Label>
              <VisibilityIcon visibility={visibility} decorative /> {VISIBILITY_TEXT[visibility].label}
            </FormControl.Label>
            <FormControl.Caption>
              {blocked
                ? `Not available: the group is ${VISIBILITY_TEXT[maximum].label.toLowerCase()}.`
                : VISIBILITY_TEXT[visibility][kind]}
            </FormControl.Caption>
          </FormControl>
        );
      })}
    </RadioGroup>
  );
}
