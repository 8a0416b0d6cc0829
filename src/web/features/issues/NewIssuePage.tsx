import { Button, Checkbox, Flash, FormControl, Heading, Select, TextInput } from '@primer/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { IssueType } from '../../../shared/api/issues';
import { MarkdownEditor } from '../../components/MarkdownEditor';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useCreateIssue } from './mutations';
import './issues.css';

/** `{project}/-/issues/new`: title, type, description and confidentiality, then create. */
export function NewIssuePage() {
  const fullPath = useProjectFullPath();
  const navigate = useNavigate();
  const create = useCreateIssue(fullPath);
  const [title, setTitle] = useState('');
  const [issueType, setIssueType] = useState<IssueType>('issue');
  const [description, setDescription] = useState('');
  const [confidential, setConfidential] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title, description, issue_type: issueType, confidential },
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
        placeholder="Write a description or drag your files here…"
      />
      <FormControl>
        <Checkbox checked={confidential} onChange={(event) => setConfidential(event.target.checked)} />
        <FormControl.Label>
          This issue is confidential and should only be visible to team members with at least the Reporter
          role.
        </FormControl.Label>
      </FormControl>
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
