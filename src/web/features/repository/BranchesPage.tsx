import { TrashIcon } from '@primer/octicons-react';
import {
  ConfirmationDialog,
  Flash,
  Heading,
  IconButton,
  Label,
  Pagination,
  RelativeTime,
  TextInput,
} from '@primer/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { BranchJson } from '../../../shared/api/repository';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { LoadState } from './LoadState';
import { useDeleteBranch } from './mutations';
import { BRANCHES_PER_PAGE, useBranches } from './queries';
import { refPage } from './repositoryPaths';
import './repository.css';

/** `{project}/-/branches`: every branch with its last commit, searchable, deletable where allowed. */
export function BranchesPage() {
  const fullPath = useProjectFullPath();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);
  const [deleting, setDeleting] = useState<string | null>(null);
  const branches = useBranches(fullPath, search, page);
  const remove = useDeleteBranch(fullPath);
  const pageCount = branches.data ? Math.ceil(branches.data.total / BRANCHES_PER_PAGE) : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { search: draft.trim() } : {});
  };

  return (
    <div className="stack">
      <div className="repo-toolbar">
        <Heading as="h1" className="repo-title">
          Branches
        </Heading>
        <span className="repo-toolbar__spacer" />
        <form onSubmit={submit} role="search">
          <TextInput
            aria-label="Filter by branch name"
            placeholder="Filter by branch name"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </form>
      </div>
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      {branches.status === 'success' ? (
        branches.data.items.length === 0 ? (
          <div className="box blankslate">{search ? `No branches match “${search}”` : 'No branches yet'}</div>
        ) : (
          <ul className="box branch-list" aria-label="Branches">
            {branches.data.items.map((branch) => (
              <BranchRow key={branch.name} fullPath={fullPath} branch={branch} onDelete={setDeleting} />
            ))}
          </ul>
        )
      ) : (
        <LoadState error={branches.error} what="branch list" />
      )}
      {pageCount > 1 && (
        <Pagination
          pageCount={pageCount}
          currentPage={page}
          onPageChange={(event, next) => {
            event.preventDefault();
            setParams({ ...(search ? { search } : {}), page: String(next) });
          }}
        />
      )}
      {deleting && (
        <ConfirmationDialog
          title="Delete branch?"
          confirmButtonContent="Delete branch"
          confirmButtonType="danger"
          confirmButtonLoading={remove.isPending}
          onClose={(gesture) => {
            if (gesture === 'confirm') remove.mutate(deleting, { onSettled: () => setDeleting(null) });
            else setDeleting(null);
          }}
        >
          You are about to delete the branch “{deleting}”. Commits only on this branch will no longer be
          reachable. This cannot be undone.
        </ConfirmationDialog>
      )}
    </div>
  );
}

function BranchRow({
  fullPath,
  branch,
  onDelete,
}: {
  fullPath: string;
  branch: BranchJson;
  onDelete: (name: string) => void;
}) {
  const deletable = branch.can_push && !branch.protected && !branch.default;
  return (
    <li className="box__row branch-row">
      <div className="branch-row__main">
        <div className="row">
          <RouterLink className="branch-row__name" to={projectUrl(fullPath, refPage('tree', branch.name))}>
            {branch.name}
          </RouterLink>
          {branch.default && <Label variant="accent">default</Label>}
          {branch.protected && <Label variant="success">protected</Label>}
          {branch.merged && <Label variant="done">merged</Label>}
        </div>
        <div className="muted branch-row__commit">
          <RouterLink className="commit-sha" to={projectUrl(fullPath, `commit/${branch.commit.id}`)}>
            {branch.commit.short_id}
          </RouterLink>{' '}
          · {branch.commit.title} · <RelativeTime date={new Date(branch.commit.committed_date)} />
        </div>
      </div>
      {deletable && (
        <IconButton
          icon={TrashIcon}
          variant="danger"
          aria-label={`Delete branch ${branch.name}`}
          onClick={() => onDelete(branch.name)}
        />
      )}
    </li>
  );
}
