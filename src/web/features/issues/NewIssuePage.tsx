import { Button, Checkbox, Flash, FormControl, Heading, Select, Spinner, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { FollowUpParams, IssueType, NewIssueForm } from '../../../shared/api/issues';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useCreateIssue } from './mutations';
import { useNewIssueForm } from './queries';
import './issues.css';

/** GitLab's `?merge_request_to_resolve_discussions_of=…&discussion_to_resolve=…` of "Create issue to resolve thread". */
function followUpParams(search: URLSearchParams): FollowUpParams {
  const iid = Number(search.get('merge_request_to_resolve_discussions_of'));
  if (!Number.isInteger(iid) || iid <= 0) return {};
  const discussion = search.get('discussion_to_resolve');
  return {
    merge_request_to_resolve_discussions_of: iid,
    ...(discussion ? { discussion_to_resolve: discussion } : {}),
  };
}

/**
 * `{project}/-/issues/new`: title, type, description and confidentiality, then create. Opened from
 * a merge request thread, the form starts as GitLab's Issues::BuildService fills it and creating
 * the issue resolves the thread.
 */
export function NewIssuePage() {
  const fullPath = useProjectFullPath();
  const [search] = useSearchParams();
  const params = followUpParams(search);
  const followUp = useNewIssueForm(fullPath, params);
  if (params.merge_request_to_resolve_discussions_of !== undefined && followUp.isPending)
    return <Spinner size="medium" />;
  // A merge request one may not read starts an empty form, as GitLab does.
  return <IssueForm fullPath={fullPath} params={params} followUp={followUp.data ?? null} />;
}

function IssueForm({
  fullPath,
  params,
  followUp,
}: {
  fullPath: string;
  params: FollowUpParams;
  followUp: NewIssueForm | null;
}) {
  const navigate = useNavigate();
  const create = useCreateIssue(fullPath);
  const [title, setTitle] = useState(followUp?.title ?? '');
  const [issueType, setIssueType] = useState<IssueType>('issue');
  const [description, setDescription] = useState(followUp?.description ?? '');
  const [confidential, setConfidential] = useState(followUp?.confidential ?? false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title, description, issue_type: issueType, confidential, ...(followUp ? params : {}) },
      { onSuccess: (issue) => void navigate(projectUrl(fullPath, `issues/${issue.iid}`)) },
    );
  };

  return (
    <form className="stack issues-new" onSubmit={submit} aria-label="New issue">
      <Heading as="h1">New issue</Heading>
      {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
      <FormControl required>
        <FormControl.Label>Title</FormControl.Label>
        <TextInput
          block
          maxLength={255}
          value={title}
          placeholder="Title"
          onChange={(event) => setTitle(event.target.value)}
        />
      </FormControl>
      <FormControl>
        <FormControl.Label>Type</FormControl.Label>
        <Select value={issueType} onChange={(event) => setIssueType(event.target.value as IssueType)}>
          <Select.Option value="issue">Issue</Select.Option>
          <Select.Option value="incident">Incident</Select.Option>
        </Select>
      </FormControl>
      <MarkdownEditor
        label="Description"
        value={description}
        onChange={setDescription}
        project={fullPath}
        placeholder="Write a description or drag your files here…"
      />
      <FormControl>
        <Checkbox checked={confidential} onChange={(event) => setConfidential(event.target.checked)} />
        <FormControl.Label>
          This issue is confidential and should only be visible to team members with at least the Reporter
          role.
        </FormControl.Label>
      </FormControl>
      {followUp && (
        <p className="issues-new__resolves">
          {followUp.resolves === 'thread'
            ? 'Creating this issue will resolve the thread in '
            : 'Creating this issue will resolve all threads in '}
          <RouterLink to={followUp.merge_request_path}>{followUp.merge_request_reference}</RouterLink>
        </p>
      )}
      <div className="row">
        <Button type="submit" variant="primary" loading={create.isPending} disabled={!title.trim()}>
          Create issue
        </Button>
        <Button type="button" onClick={() => void navigate(projectUrl(fullPath, 'issues'))}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
