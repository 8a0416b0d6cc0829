import { FileDirectoryFillIcon, FileIcon } from '@primer/octicons-react';
import { Button, Heading, Link, Spinner } from '@primer/react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ArtifactsBrowse } from '../../../shared/api/artifactsBrowse';
import { ApiError } from '../../api/client';
import { humanSize } from '../../components/humanSize';
import { LoadProblem } from '../../components/LoadProblem';
import { useProjectFullPath } from '../projects/projectRoutes';
import { artifactsBrowsePage, artifactsDownloadPath, jobPage } from './pipelinePaths';
import { useArtifactsFolder } from './queries';
import './pipelines.css';

/**
 * `{project}/-/jobs/{id}/artifacts/browse(/{path})`: GitLab's job artifacts browser, one folder of
 * the archive at a time, each file downloadable on its own.
 */
export function ArtifactsBrowsePage() {
  const fullPath = useProjectFullPath();
  const params = useParams();
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) return <LoadProblem error={new ApiError(404, 'Not found')} />;
  return <ArtifactsFolder fullPath={fullPath} id={id} folder={(params['*'] ?? '').replace(/\/+$/, '')} />;
}

function ArtifactsFolder({ fullPath, id, folder }: { fullPath: string; id: number; folder: string }) {
  const listed = useArtifactsFolder(fullPath, id, folder);
  return (
    <div className="stack">
      <header className="ci-header">
        <div className="ci-header__main">
          <Heading as="h1" className="ci-header__title">
            Artifacts
          </Heading>
          <Link as={RouterLink} to={jobPage(fullPath, id)}>
            Job #{id}
          </Link>
        </div>
        {listed.data && (
          <Button as="a" href={artifactsDownloadPath(fullPath, id)} download>
            Download artifacts archive
          </Button>
        )}
      </header>
      {listed.isPending ? (
        <Spinner srText="Loading the artifacts" />
      ) : listed.data ? (
        <FolderTable fullPath={fullPath} id={id} listed={listed.data} />
      ) : listed.error instanceof ApiError && listed.error.status === 404 ? (
        <div className="box blankslate stack" role="status">
          <Heading as="h2" variant="small">
            {folder ? 'No such folder' : 'No artifacts to browse'}
          </Heading>
          <p className="muted">
            {folder
              ? `The artifacts archive of this job has no folder ${folder}.`
              : 'This job has no artifacts archive, or it has expired.'}
          </p>
        </div>
      ) : (
        <LoadProblem error={listed.error ?? new Error('No artifacts')} />
      )}
    </div>
  );
}

/** The folder's breadcrumb, then its folders and files; `..` leads up when below the root. */
function FolderTable({ fullPath, id, listed }: { fullPath: string; id: number; listed: ArtifactsBrowse }) {
  const segments = listed.path ? listed.path.split('/') : [];
  const parent = segments.slice(0, -1).join('/');
  const empty = listed.directories.length === 0 && listed.files.length === 0;
  return (
    <>
      <nav aria-label="Folder" className="row">
        <Link as={RouterLink} to={artifactsBrowsePage(fullPath, id)}>
          artifacts
        </Link>
        {segments.map((segment, index) => (
          <span key={index}>
            {' / '}
            <Link
              as={RouterLink}
              to={artifactsBrowsePage(fullPath, id, segments.slice(0, index + 1).join('/'))}
            >
              {segment}
            </Link>
          </span>
        ))}
      </nav>
      <table className="ci-table artifacts-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {segments.length > 0 && (
            <tr>
              <td colSpan={2}>
                <Link
                  as={RouterLink}
                  to={artifactsBrowsePage(fullPath, id, parent)}
                  aria-label="Up to the parent folder"
                >
                  ..
                </Link>
              </td>
            </tr>
          )}
          {listed.directories.map((directory) => (
            <tr key={directory.path}>
              <td>
                <FileDirectoryFillIcon size={16} className="artifacts-table__icon" />
                <Link as={RouterLink} to={artifactsBrowsePage(fullPath, id, directory.path)}>
                  {directory.name}
                </Link>
              </td>
              <td />
            </tr>
          ))}
          {listed.files.map((file) => (
            <tr key={file.path}>
              <td>
                <FileIcon size={16} className="artifacts-table__icon" />
                <Link href={artifactsDownloadPath(fullPath, id, file.path)} download={file.name}>
                  {file.name}
                </Link>
              </td>
              <td>{humanSize(file.size)}</td>
            </tr>
          ))}
          {empty && (
            <tr>
              <td colSpan={2} className="muted">
                This folder is empty.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}
