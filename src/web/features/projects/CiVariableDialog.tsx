import { Checkbox, Dialog, Flash, FormControl, Select, Textarea, TextInput } from '@primer/react';
import { useState } from 'react';
import type { CicdVariable } from '../../../shared/api/variables';
import { useSaveCicdVariable, type CicdVariableInput } from './ciVariables';

type Props = { fullPath: string; variable: CicdVariable | null; onClose: () => void };

const blank: CicdVariableInput = {
  key: '',
  value: '',
  variable_type: 'env_var',
  protected: false,
  masked: false,
  environment_scope: '*',
  description: null,
};

/** Adds or edits a CI/CD variable; the server's validation (key format, masked values) is shown as it words it. */
export function CiVariableDialog({ fullPath, variable, onClose }: Props) {
  const save = useSaveCicdVariable(fullPath);
  const [input, setInput] = useState<CicdVariableInput>(
    variable ? { ...variable, value: variable.value ?? '' } : blank,
  );
  const set = (change: Partial<CicdVariableInput>) => setInput((current) => ({ ...current, ...change }));
  const submit = () =>
    save.mutate({ editing: variable, body: { ...input, key: input.key.trim() } }, { onSuccess: onClose });

  return (
    <Dialog
      title={variable ? 'Edit variable' : 'Add variable'}
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        {
          content: variable ? 'Update variable' : 'Add variable',
          buttonType: 'primary',
          onClick: submit,
          loading: save.isPending,
          disabled: !input.key.trim(),
        },
      ]}
    >
      <div className="stack">
        {save.isError && (
          <Flash variant="danger" role="alert">
            {save.error.message}
          </Flash>
        )}
        <FormControl>
          <FormControl.Label>Type</FormControl.Label>
          <Select
            value={input.variable_type}
            onChange={(event) => set({ variable_type: event.target.value as CicdVariable['variable_type'] })}
          >
            <Select.Option value="env_var">Variable</Select.Option>
            <Select.Option value="file">File</Select.Option>
          </Select>
        </FormControl>
        <FormControl>
          <FormControl.Label>Environment scope</FormControl.Label>
          <TextInput
            value={input.environment_scope}
            onChange={(event) => set({ environment_scope: event.target.value })}
          />
        </FormControl>
        <FormControl>
          <Checkbox
            checked={input.protected}
            onChange={(event) => set({ protected: event.target.checked })}
          />
          <FormControl.Label>Protect variable</FormControl.Label>
          <FormControl.Caption>
            Export variable to pipelines running on protected branches and tags only.
          </FormControl.Caption>
        </FormControl>
        <FormControl>
          <Checkbox checked={input.masked} onChange={(event) => set({ masked: event.target.checked })} />
          <FormControl.Label>Mask variable</FormControl.Label>
          <FormControl.Caption>
            Masked in job logs: at least 8 characters, one line, letters, digits and @ : . ~ - + / =.
          </FormControl.Caption>
        </FormControl>
        <FormControl required>
          <FormControl.Label>Key</FormControl.Label>
          <TextInput
            block
            value={input.key}
            disabled={variable !== null}
            onChange={(event) => set({ key: event.target.value })}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>Value</FormControl.Label>
          <Textarea block value={input.value} onChange={(event) => set({ value: event.target.value })} />
        </FormControl>
      </div>
    </Dialog>
  );
}
