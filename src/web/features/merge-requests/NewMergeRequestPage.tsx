import { Button, Checkbox, Flash, FormControl, Heading, Select, Spinner, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BranchJson } from '../../../shared/api/repository';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { useAddDependencies, type Dependency, type RefusedDependenciesState } from './dependencies';
import { MergeRequestDependenciesField } from './MergeRequestDependenciesField';
import { ReviewersFormField } from './ReviewersFormField';
import type { UserBasic } from '../../../shared/api/users';
import { useCreateMergeRequest } from './mutations';
import { useBranches } from './queries';
import './merge-requests.css';

/** `{project}/-/merge_requests/new`: pick the branches, describe the change, create. */
export function NewMergeRequestPage() {
  const fullPath = useProjectFullPath();
  const branches = useBranches(fullPath);
  const project = useProject(fullPath);
  if (branches.isPending || project.isPending) return <Spinner />;
  if (branches.isError) return <Flash variant="danger">{branches.error.message}</Flash>;
  if (project.isError) return <Flash variant="danger">{project.error.message}</Flash>;
  return (
    <NewMergeRequestForm
      fullPath={fullPath}
      branches={branches.data}
      removeSourceByDefault={project.data.remove_source_branch_after_merge}
    />
  );
}

type FormProps = { fullPath: string; branches: BranchJson[]; removeSourceByDefault: boolean };

function NewMergeRequestForm({ fullPath, branches, removeSourceByDefault }: FormProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateMergeRequest(fullPath);
  const addDependencies = useAddDependencies(fullPath);
  const defaultBranch = branches.find((b) => b.default)?.name ?? branches[0]?.name ?? '';
  // GitLab's own link shape: `merge_requests/new?merge_request[source_branch]=topic`.
  const requestedSource = params.get('merge_request[source_branch]');
  const firstOther = branches.find((b) => b.name !== defaultBranch)?.name ?? '';
  const [source, setSource] = useState(
    branches.some((b) => b.name === requestedSource) ? (requestedSource ?? '') : firstOther,
  );
  const [target, setTarget] = useState(params.get('merge_request[target_branch]') ?? defaultBranch);
  const [title, setTitle] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [draft, setDraft] = useState(false);
  // As GitLab's form: the project's default, kept as this request's own choice once created.
  const [removeSource, setRemoveSource] = useState(removeSourceByDefault);
  const [dependencies, setDependencies] = useState<Dependency[]>([]);
  const [reviewers, setReviewers] = useState<UserBasic[]>([]);

  // Until the author types a title, it follows the source branch's last commit, as GitLab prefills it.
  const suggestedTitle = branches.find((b) => b.name === source)?.commit.title ?? '';
  const shownTitle = title ?? suggestedTitle;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        source_branch: source,
        target_branch: target,
        title: shownTitle,
        description,
        draft,
        remove_source_branch: removeSource,
        reviewer_ids: reviewers.map((user) => user.id),
      },
      {
        onSuccess: (mr) => {
          const open = (state?: RefusedDependenciesState) =>
            void navigate(projectUrl(fullPath, `merge_requests/${mr.iid}`), { state });
          if (dependencies.length === 0) return open();
          // The request exists now: it opens even if a dependency is refused, and says which and why.
          addDependencies.mutate(
            { iid: mr.iid, chosen: dependencies },
            { onSuccess: (refused) => open(refused.length ? { refusedDependencies: refused } : undefined) },
          );
        },
      },
    );
  };

  if (branches.length < 2) {
    return (
      <div className="stack">
        <Heading as="h1">New merge request</Heading>
        <div className="box blankslate">
          <p>Push a branch with your changes first: a merge request needs a source and a target branch.</p>
        </div>
      </div>
    );
  }

  return (
    <form className="stack mr-new" onSubmit={submit}>
      <Heading as="h1">New merge request</Heading>
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      <div className="mr-new__branches box">
        <FormControl>
          <FormControl.Label>Source branch</FormControl.Label>
          <Select value={source} onChange={(event) => setSource(event.target.value)}>
            {branches.map((b) => (
              <Select.Option key={b.name} value={b.name}>
                {b.name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        <span className="mr-new__arrow" aria-hidden="true">
          →
        </span>
        <FormControl>
          <FormControl.Label>Target branch</FormControl.Label>
          <Select value={target} onChange={(event) => setTarget(event.target.value)}>
            {branches.map((b) => (
              <Select.Option key={b.name} value={b.name}>
                {b.name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </div>
      <FormControl required>
        <FormControl.Label>Title</FormControl.Label>
        <TextInput
          block
          maxLength={255}
          value={shownTitle}
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormControl>
      <FormControl>
        <Checkbox checked={draft} onChange={(event) => setDraft(event.target.checked)} />
        <FormControl.Label>Mark as draft</FormControl.Label>
        <FormControl.Caption>Drafts cannot be merged until marked ready.</FormControl.Caption>
      </FormControl>
      <MarkdownEditor
        label="Description"
        value={description}
        onChange={setDescription}
        project={fullPath}
        placeholder="Describe the goal of the changes and what reviewers should be aware of."
      />
      <FormControl>
        <Checkbox checked={removeSource} onChange={(event) => setRemoveSource(event.target.checked)} />
        <FormControl.Label>Delete source branch when merge request is accepted.</FormControl.Label>
      </FormControl>
      <ReviewersFormField fullPath={fullPath} value={reviewers} onChange={setReviewers} />
      <MergeRequestDependenciesField
        fullPath={fullPath}
        selfId={null}
        value={dependencies}
        onChange={setDependencies}
      />
      <div className="row">
        <Button
          type="submit"
          variant="primary"
          loading={create.isPending || addDependencies.isPending}
          disabled={!shownTitle.trim()}
        >
          Create merge request
        </Button>
      </div>
    </form>
  );
}
