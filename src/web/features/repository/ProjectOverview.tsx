import { BookIcon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import { projectUrl } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { FileTable } from './FileTable';
import { LoadState } from './LoadState';
import { PushInstructions } from './PushInstructions';
import { RefSwitcher } from './RefSwitcher';
import { useReadme, useTree } from './queries';
import { findReadme, refPage } from './repositoryPaths';
import './repository.css';

/**
 * The repository part of a project's home page: the default branch's files and its README, or
 * for an empty repository the instructions to push one.
 */
export function ProjectOverview({ fullPath }: { fullPath: string }) {
  const project = useProject(fullPath);
  if (project.status !== 'success') return <LoadState error={project.error} what="repository" />;
  const { default_branch: defaultBranch, empty_repo: empty, http_url_to_repo: httpUrl } = project.data;
  if (empty || !defaultBranch) return <PushInstructions fullPath={fullPath} httpUrl={httpUrl} />;
  return <DefaultBranchOverview fullPath={fullPath} defaultBranch={defaultBranch} />;
}

function DefaultBranchOverview({ fullPath, defaultBranch }: { fullPath: string; defaultBranch: string }) {
  const tree = useTree(fullPath, defaultBranch, '');
  const readme = tree.data ? findReadme(tree.data.items) : undefined;
  return (
    <div className="stack">
      <div className="repo-toolbar">
        <RefSwitcher
          fullPath={fullPath}
          currentRef={defaultBranch}
          linkFor={(ref) => projectUrl(fullPath, refPage('tree', ref))}
        />
      </div>
      {tree.status === 'success' ? (
        <FileTable fullPath={fullPath} gitRef={defaultBranch} path="" entries={tree.data.items} />
      ) : (
        <LoadState error={tree.error} what="files" />
      )}
      {readme && <Readme fullPath={fullPath} gitRef={defaultBranch} path={readme.path} />}
    </div>
  );
}

function Readme({ fullPath, gitRef, path }: { fullPath: string; gitRef: string; path: string }) {
  const { file, text, html, rendering } = useReadme(fullPath, gitRef, path);
  return (
    <section className="box readme" aria-label="README">
      <div className="box__header">
        <BookIcon /> <RouterLink to={projectUrl(fullPath, refPage('blob', gitRef, path))}>{path}</RouterLink>
      </div>
      <div className="readme__body">
        {file.status === 'error' ? (
          <LoadState error={file.error} what="README" />
        ) : text === null || rendering ? (
          file.status === 'success' ? (
            <p className="muted">This README is binary and cannot be displayed.</p>
          ) : (
            <LoadState error={null} what="README" />
          )
        ) : html !== null ? (
          <div className="markdown-body" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <pre className="readme__text">{text}</pre>
        )}
      </div>
    </section>
  );
}
