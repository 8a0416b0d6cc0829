import { Button, Checkbox, Flash, FormControl, Heading, Select, Spinner, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import type { Project } from '../../../shared/api/projects';
import {
  PROTECTED_ACCESS_LEVELS,
  protectedAccessLevelDescription,
} from '../../../shared/access/protectedAccessLevels';
import type { ProtectedBranch } from '../../../shared/api/repository';
import { useProtectedBranchMutations } from './mutations';
import { useProtectedBranches } from './queries';

const CODE_OWNERS_LABEL = 'Require approval from code owners';
const CODE_OWNERS_HELP = 'Reject code pushes that change files listed in the CODEOWNERS file.';

const levelOf = (levels: ProtectedBranch['merge_access_levels']) =>
  protectedAccessLevelDescription(levels[0]?.access_level ?? 40);

function LevelSelect(props: { label: string; value: number; onChange: (level: number) => void }) {
  return (
    <FormControl>
      <FormControl.Label>{props.label}</FormControl.Label>
      <Select value={String(props.value)} onChange={(event) => props.onChange(Number(event.target.value))}>
        {PROTECTED_ACCESS_LEVELS.map((level) => (
          <Select.Option key={level} value={String(level)}>
            {protectedAccessLevelDescription(level)}
          </Select.Option>
        ))}
      </Select>
    </FormControl>
  );
}

/** "Protect a branch": a name or wildcard, who may merge and push, and the two toggles. */
function ProtectBranchForm({ fullPath }: { fullPath: string }) {
  const { protect } = useProtectedBranchMutations(fullPath);
  const [name, setName] = useState('');
  const [mergeLevel, setMergeLevel] = useState(40);
  const [pushLevel, setPushLevel] = useState(40);
  const [forcePush, setForcePush] = useState(false);
  const [codeOwners, setCodeOwners] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: name.trim(),
      merge_access_level: mergeLevel,
      push_access_level: pushLevel,
      allow_force_push: forcePush,
      code_owner_approval_required: codeOwners,
    };
    protect.mutate(body, { onSuccess: () => setName('') });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label="Protect a branch">
      <Heading as="h3" variant="small">
        Protect a branch
      </Heading>
      {protect.isError && <Flash variant="danger">{protect.error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Branch</FormControl.Label>
        <TextInput
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="main or release/*"
        />
        <FormControl.Caption>Wildcards such as *-stable or production/* are supported.</FormControl.Caption>
      </FormControl>
      <LevelSelect label="Allowed to merge" value={mergeLevel} onChange={setMergeLevel} />
      <LevelSelect label="Allowed to push and merge" value={pushLevel} onChange={setPushLevel} />
      <FormControl>
        <Checkbox checked={forcePush} onChange={(event) => setForcePush(event.target.checked)} />
        <FormControl.Label>Allowed to force push</FormControl.Label>
        <FormControl.Caption>Allow all users with push access to force push.</FormControl.Caption>
      </FormControl>
      <FormControl>
        <Checkbox checked={codeOwners} onChange={(event) => setCodeOwners(event.target.checked)} />
        <FormControl.Label>{CODE_OWNERS_LABEL}</FormControl.Label>
        <FormControl.Caption>{CODE_OWNERS_HELP}</FormControl.Caption>
      </FormControl>
      <div>
        <Button type="submit" variant="primary" disabled={protect.isPending || name.trim() === ''}>
          Protect
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings > Repository > Protected branches: who may merge and push to which branches, and
 * whether merge requests into them need their code owners' approval.
 */
export function ProtectedBranchesSection({ project }: { project: Project }) {
  const fullPath = project.path_with_namespace;
  const branches = useProtectedBranches(fullPath);
  const { update, unprotect } = useProtectedBranchMutations(fullPath);
  const failed = branches.error ?? update.error ?? unprotect.error;
  // The box shows the choice at once, while the server saves it: kept here, in the click's own
  // render, since the mutation's state reaches the page a task later and the box would flick back.
  const [choice, setChoice] = useState<{ name: string; required: boolean } | null>(null);
  const requiresCodeOwners = (branch: ProtectedBranch) =>
    choice?.name === branch.name ? choice.required : branch.code_owner_approval_required;
  return (
    <section className="box settings-section stack" aria-label="Protected branches">
      <Heading as="h2" variant="small">
        Protected branches
      </Heading>
      <p className="muted">Keep stable branches secure and force developers to use merge requests.</p>
      <ProtectBranchForm fullPath={fullPath} />
      {failed && <Flash variant="danger">{failed.message}</Flash>}
      {branches.isPending ? (
        <Spinner srText="Loading protected branches" />
      ) : (
        <table className="status-checks" aria-label="Protected branch">
          <thead>
            <tr>
              <th scope="col">Branch</th>
              <th scope="col">Allowed to merge</th>
              <th scope="col">Allowed to push and merge</th>
              <th scope="col">Allowed to force push</th>
              <th scope="col">Code owner approval</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {branches.data?.map((branch) => (
              <tr key={branch.id}>
                <td>
                  <code>{branch.name}</code>
                </td>
                <td>{levelOf(branch.merge_access_levels)}</td>
                <td>{levelOf(branch.push_access_levels)}</td>
                <td>{branch.allow_force_push ? 'Yes' : 'No'}</td>
                <td>
                  <Checkbox
                    aria-label={`${CODE_OWNERS_LABEL} for ${branch.name}`}
                    checked={requiresCodeOwners(branch)}
                    disabled={update.isPending}
                    onChange={(event) => {
                      const required = event.target.checked;
                      setChoice({ name: branch.name, required });
                      update.mutate(
                        { name: branch.name, body: { code_owner_approval_required: required } },
                        { onSettled: () => setChoice(null) },
                      );
                    }}
                  />
                </td>
                <td className="status-checks__actions">
                  <Button
                    variant="danger"
                    size="small"
                    disabled={unprotect.isPending}
                    onClick={() => unprotect.mutate(branch.name)}
                  >
                    Unprotect
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
