import { HistoryIcon } from '@primer/octicons-react';
import { Heading, LinkButton } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import { projectUrl } from '../projects/projectRoutes';
import { FileTable } from './FileTable';
import { LoadState } from './LoadState';
import { PageLinks, usePageParam } from './PageLinks';
import { PathBreadcrumbs } from './PathBreadcrumbs';
import { RefSwitcher } from './RefSwitcher';
import { TREE_PER_PAGE, useTree } from './queries';
import { refPage } from './repositoryPaths';
import { AtRefAndPath } from './AtRefAndPath';
import './repository.css';

/** `{project}/-/tree/{ref}/{path}`: the file browser. */
export function TreePage() {
  return <AtRefAndPath what="files">{(at) => <TreeView {...at} />}</AtRefAndPath>;
}

function TreeView({ fullPath, gitRef, path }: { fullPath: string; gitRef: string; path: string }) {
  const page = usePageParam();
  const tree = useTree(fullPath, gitRef, path, page);
  return (
    <div className="stack">
      <div className="repo-toolbar">
        <RefSwitcher
          fullPath={fullPath}
          currentRef={gitRef}
          linkFor={(ref) => projectUrl(fullPath, refPage('tree', ref, path))}
        />
        <div className="repo-toolbar__path" role="group" aria-label="File path">
          <PathBreadcrumbs fullPath={fullPath} gitRef={gitRef} path={path} />
        </div>
        <LinkButton
          as={RouterLink}
          to={projectUrl(fullPath, refPage('commits', gitRef, path))}
          leadingVisual={HistoryIcon}
        >
          History
        </LinkButton>
      </div>
      <Heading as="h1" className="visually-hidden">
        {path || fullPath}
      </Heading>
      {tree.status === 'success' ? (
        tree.data.items.length === 0 ? (
          <div className="box blankslate">This folder is empty</div>
        ) : (
          <FileTable fullPath={fullPath} gitRef={gitRef} path={path} entries={tree.data.items} />
        )
      ) : (
        <LoadState error={tree.error} what="folder" />
      )}
      <PageLinks total={tree.data?.total} perPage={TREE_PER_PAGE} />
    </div>
  );
}
