import { FormControl, Textarea } from '@primer/react';

/** The optional description of a project or group, in its create and settings forms. */
export function DescriptionField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <FormControl>
      <FormControl.Label>{label}</FormControl.Label>
      <Textarea
        block
        rows={3}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={2000}
      />
    </FormControl>
  );
}
