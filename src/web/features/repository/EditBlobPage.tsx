import { Heading } from '@primer/react';
import { useParams, useSearchParams } from 'react-router';
import { useProjectFullPath } from '../projects/projectRoutes';
import { BlobEditorForm } from './BlobEditorForm';
import { LoadState } from './LoadState';
import { PathBreadcrumbs } from './PathBreadcrumbs';
import { mergeRequestIidParam, newFilePath } from './blobEditing';
import { decodeText, useFile, useRefAndPath } from './queries';
import './repository.css';

/**
 * `{project}/-/edit/{branch}/{path}` (mode `edit`) and `{project}/-/new/{branch}/{folder}?file_name=`
 * (mode `new`): the single-file editor, committing to the branch or to a new one started from it.
 */
export function EditBlobPage({ mode }: { mode: 'edit' | 'new' }) {
  const fullPath = useProjectFullPath();
  const [params] = useSearchParams();
  const resolved = useRefAndPath(fullPath, useParams()['*'] ?? '');
  const file = useFile(
    fullPath,
    resolved.ref,
    resolved.path,
    mode === 'edit' && resolved.status === 'success',
  );
  const fromMergeRequestIid = mergeRequestIidParam(params.get('from_merge_request_iid'));
  const { ref: branch, path } = resolved;

  const header = (
    <div className="repo-toolbar">
      <Heading as="h1" className="repo-title">
        {mode === 'edit' ? 'Edit file' : 'New file'}
      </Heading>
      {resolved.status === 'success' && (
        <div className="repo-toolbar__path" role="group" aria-label="File path">
          <PathBreadcrumbs fullPath={fullPath} gitRef={branch} path={path} />
        </div>
      )}
    </div>
  );

  if (mode === 'new') {
    return (
      <div className="stack">
        {header}
        {resolved.status === 'success' ? (
          <BlobEditorForm
            key={`${branch}:${path}`}
            fullPath={fullPath}
            mode="new"
            branch={branch}
            initialPath={newFilePath(path, params.get('file_name') ?? '')}
            initialContent=""
            lastCommitId={null}
            fromMergeRequestIid={fromMergeRequestIid}
          />
        ) : (
          <LoadState
            error={resolved.status === 'error' ? new Error('The branch could not be read.') : null}
            what="branch"
          />
        )}
      </div>
    );
  }

  const text = file.status === 'success' ? decodeText(file.data.content) : null;
  return (
    <div className="stack">
      {header}
      {file.status !== 'success' ? (
        <LoadState error={file.error} what="file" />
      ) : text === null ? (
        <LoadState error={new Error('This file is binary and cannot be edited here.')} what="file" />
      ) : (
        <BlobEditorForm
          key={file.data.blob_id}
          fullPath={fullPath}
          mode="edit"
          branch={branch}
          initialPath={file.data.file_path}
          initialContent={text}
          lastCommitId={file.data.last_commit_id}
          fromMergeRequestIid={fromMergeRequestIid}
        />
      )}
    </div>
  );
}
