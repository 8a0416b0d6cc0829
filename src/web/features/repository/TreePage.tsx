import { HistoryIcon } from '@primer/octicons-react';
import { Heading, LinkButton, Pagination } from '@primer/react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { projectUrl } from '../projects/projectRoutes';
import { FileTable } from './FileTable';
import { LoadState } from './LoadState';
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
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const tree = useTree(fullPath, gitRef, path, page);
  const pageCount = tree.data ? Math.ceil(tree.data.total / TREE_PER_PAGE) : 0;
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
        <span className="repo-toolbar__spacer" />
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
      {pageCount > 1 && (
        <Pagination
          pageCount={pageCount}
          currentPage={page}
          onPageChange={(event, next) => {
            event.preventDefault();
            setParams({ page: String(next) });
          }}
        />
      )}
    </div>
  );
}
