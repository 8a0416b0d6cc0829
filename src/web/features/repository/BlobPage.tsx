import { HistoryIcon } from '@primer/octicons-react';
import { Flash, Heading, Link, LinkButton } from '@primer/react';
import { Link as RouterLink, useParams } from 'react-router';
import type { RepositoryFileJson } from '../../../shared/api/repository';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { BlobCodeOwners } from './BlobCodeOwners';
import { LoadState } from './LoadState';
import { PathBreadcrumbs } from './PathBreadcrumbs';
import { RefSwitcher } from './RefSwitcher';
import { decodeText, rawFileUrl, useFile, useRefAndPath } from './queries';
import { encodePath, refPage } from './repositoryPaths';
import './repository.css';

/** Files above this are offered as a download rather than shown. */
const MAX_DISPLAY_BYTES = 1024 * 1024;

const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** `{project}/-/blob/{ref}/{path}`: one file with line numbers. */
export function BlobPage() {
  const fullPath = useProjectFullPath();
  const resolved = useRefAndPath(fullPath, useParams()['*'] ?? '');
  const file = useFile(fullPath, resolved.ref, resolved.path, resolved.status === 'success');
  const { ref, path } = resolved;
  return (
    <div className="stack">
      {resolved.status === 'success' && (
        <div className="repo-toolbar">
          <RefSwitcher
            fullPath={fullPath}
            currentRef={ref}
            linkFor={(next) => projectUrl(fullPath, refPage('blob', next, path))}
          />
          <div className="repo-toolbar__path" role="group" aria-label="File path">
            <PathBreadcrumbs fullPath={fullPath} gitRef={ref} path={path} />
          </div>
        </div>
      )}
      {file.status === 'success' && (
        <BlobCodeOwners fullPath={fullPath} commitSha={file.data.commit_id} path={file.data.file_path} />
      )}
      {file.status === 'success' ? (
        <FileView fullPath={fullPath} gitRef={ref} file={file.data} />
      ) : (
        <LoadState error={file.error} what="file" />
      )}
    </div>
  );
}

function FileView({
  fullPath,
  gitRef,
  file,
}: {
  fullPath: string;
  gitRef: string;
  file: RepositoryFileJson;
}) {
  const raw = rawFileUrl(fullPath, gitRef, file.file_path);
  const text = file.size > MAX_DISPLAY_BYTES ? null : decodeText(file.content);
  return (
    <section className="box" aria-label={file.file_name}>
      <div className="box__header blob-header">
        <Heading as="h1" className="blob-header__name">
          {file.file_name}
        </Heading>
        <span className="muted">{formatSize(file.size)}</span>
        <span className="repo-toolbar__spacer" />
        <LinkButton
          as={RouterLink}
          size="small"
          to={projectUrl(fullPath, refPage('commits', gitRef, file.file_path))}
          leadingVisual={HistoryIcon}
        >
          History
        </LinkButton>
        <LinkButton size="small" href={raw}>
          Open raw
        </LinkButton>
        {text !== null && (
          <LinkButton
            as={RouterLink}
            size="small"
            to={projectUrl(fullPath, `edit/${encodePath(`${gitRef}/${file.file_path}`)}`)}
          >
            Edit
          </LinkButton>
        )}
      </div>
      {file.size > MAX_DISPLAY_BYTES ? (
        <Flash className="blob-notice">
          This file is too large to display ({formatSize(file.size)}). <Link href={raw}>Download it</Link>{' '}
          instead.
        </Flash>
      ) : text === null ? (
        <Flash className="blob-notice">
          This file is binary and cannot be displayed. <Link href={raw}>Download it</Link> instead.
        </Flash>
      ) : (
        <CodeLines text={text} />
      )}
    </section>
  );
}

function CodeLines({ text }: { text: string }) {
  const lines = text.replace(/\n$/, '').split('\n');
  return (
    <div className="blob-code-wrapper">
      <table className="blob-code" aria-label="File contents">
        <tbody>
          {lines.map((line, index) => (
            <tr key={index} id={`L${index + 1}`}>
              <td className="blob-code__num">
                <a href={`#L${index + 1}`} aria-label={`Line ${index + 1}`}>
                  {index + 1}
                </a>
              </td>
              <td className="blob-code__line">{line || '\u00a0'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
