import type {
  DiffFile,
  DiffFileMetadata,
  DiffsBatch,
  DiffsMetadata,
  DiffVersion,
} from '../../../shared/api/diffs';
import { isLossyPath } from '../../../shared/diff/gitPath';
import { fileHash } from '../../../shared/diff/lineCode';
import { submoduleLinks } from '../../../shared/diff/submoduleLinks';
import { encodePath } from '../../../shared/repository/blobPages';
import { escapeHtml } from '../../highlight/highlight';
import type { DiffVersionRow } from '../merge-requests/merge-request-rows';
import type { DiffFileView, DiffSelection, EditTarget } from './diffs.service';

const mergeRequestUrl = (selection: DiffSelection) =>
  `/${selection.ctx.fullPath}/-/merge_requests/${selection.iid}`;

function selectionQuery(selection: DiffSelection): URLSearchParams {
  const query = new URLSearchParams();
  if (selection.version) query.set('diff_id', String(selection.version.id));
  if (selection.start) query.set('start_sha', selection.start.headCommitSha);
  if (selection.commit) query.set('commit_id', selection.commit.sha);
  if (selection.diffHead) query.set('diff_head', 'true');
  if (selection.contextCommits) query.set('only_context_commits', 'true');
  if (selection.ignoreWhitespace) query.set('w', '1');
  return query;
}

function presentVersion(selection: DiffSelection, row: DiffVersionRow, headComparable: boolean): DiffVersion {
  const diffs = `${mergeRequestUrl(selection)}/diffs`;
  const latest = selection.versions[0];
  const shown = selection.version ?? row;
  return {
    id: row.id,
    version_index: row.versionIndex,
    head_commit_sha: row.headCommitSha,
    base_commit_sha: row.baseCommitSha,
    start_commit_sha: row.startCommitSha,
    commits_count: row.commitsCount,
    latest: row.id === latest?.id,
    created_at: row.createdAt.toISOString(),
    version_path: `${diffs}?diff_id=${row.id}`,
    compare_path: `${diffs}?diff_id=${shown.id}&start_sha=${row.headCommitSha}`,
    head_version_path: headComparable ? `${diffs}?diff_head=true` : null,
    base_version_path: `${diffs}?diff_id=${row.id}`,
  };
}

function presentMetadataFile(file: DiffFileView): DiffFileMetadata {
  return {
    file_hash: fileHash(file.newPath),
    file_path: file.newPath,
    old_path: file.oldPath,
    new_path: file.newPath,
    new_file: file.newFile,
    renamed_file: file.renamedFile,
    deleted_file: file.deletedFile,
    mode_changed: !file.newFile && !file.deletedFile && file.aMode !== file.bMode,
    a_mode: file.aMode,
    b_mode: file.bMode,
    submodule: file.submodule,
    stored_externally: file.lfs !== null,
    external_storage: file.lfs ? 'lfs' : null,
    size: file.size,
    added_lines: file.addedCount,
    removed_lines: file.removedCount,
    viewer: {
      name: file.viewer.name,
      collapsed: file.viewer.name === 'collapsed',
      reason: file.viewer.reason,
    },
  };
}

/**
 * GitLab's header links: edit and Web IDE paths on the source branch, only when the diff shown
 * ends at the latest push (an older version's lines are not what the branch holds), and
 * `can_modify_blob` when the reader may push there and the file is text kept in the repository.
 */
function editLinks(selection: DiffSelection, file: DiffFileView, edit: EditTarget) {
  const atLatest = selection.refs.head_sha === selection.versions[0]?.headCommitSha;
  // A name that is not UTF-8 reached us with replacement characters: no edit could name the file.
  if (!atLatest || file.deletedFile || file.submodule || isLossyPath(file.newPath)) {
    return { edit_path: null, ide_edit_path: null, can_modify_blob: false };
  }
  const from = edit.open ? `?from_merge_request_iid=${selection.iid}` : '';
  const editPath = `/${selection.ctx.fullPath}/-/edit/${encodePath(edit.sourceBranch)}/${encodePath(file.newPath)}${from}`;
  return {
    edit_path: editPath,
    // There is no Web IDE: its link opens the single-file editor (docs/decisions.md).
    ide_edit_path: editPath,
    can_modify_blob: edit.canPush && file.lfs === null,
  };
}

export function presentDiffFile(selection: DiffSelection, file: DiffFileView, edit: EditTarget): DiffFile {
  const project = `/${selection.ctx.fullPath}`;
  const head = selection.refs.head_sha;
  const base = selection.refs.start_sha;
  const forPath = new URLSearchParams(selectionQuery(selection));
  forPath.set('old_path', file.oldPath);
  forPath.set('new_path', file.newPath);
  const blobId = file.deletedFile ? file.oldBlobId : file.newBlobId;
  const readable = file.readableText;
  const submodule = file.submodule
    ? submoduleLinks(
        file.submoduleUrl,
        selection.ctx.fullPath,
        file.newFile ? '' : file.oldBlobId,
        file.deletedFile ? '' : file.newBlobId,
      )
    : null;
  const rawPath = file.deletedFile
    ? `${project}/-/raw/${base}/${encodePath(file.oldPath)}`
    : `${project}/-/raw/${head}/${encodePath(file.newPath)}`;
  return {
    ...presentMetadataFile(file),
    old_path_html: escapeHtml(file.oldPath),
    new_path_html: escapeHtml(file.newPath),
    blob: file.submodule ? null : { id: blobId, readable_text: readable },
    external_url: file.lfs ? rawPath : null,
    formatted_external_url: file.lfs ? rawPath : null,
    content_sha: head,
    diff_refs: selection.refs,
    view_path: file.deletedFile
      ? `${project}/-/blob/${base}/${encodePath(file.oldPath)}`
      : `${project}/-/blob/${head}/${encodePath(file.newPath)}`,
    replaced_view_path:
      file.newFile || file.deletedFile ? null : `${project}/-/blob/${base}/${encodePath(file.oldPath)}`,
    context_lines_path:
      readable && !file.deletedFile ? `${project}/-/blob/${head}/${encodePath(file.newPath)}/diff` : null,
    load_collapsed_diff_url: `${mergeRequestUrl(selection)}/diff_for_path.json?${forPath.toString()}`,
    submodule_link: submodule?.link ?? null,
    submodule_tree_url: submodule?.treeUrl ?? null,
    submodule_compare: file.submodule
      ? {
          old_sha: file.newFile ? '' : file.oldBlobId,
          new_sha: file.deletedFile ? '' : file.newBlobId,
          url: submodule?.compareUrl ?? null,
        }
      : null,
    ...editLinks(selection, file, edit),
    old_size: file.imageSizes?.old ?? null,
    new_size: file.imageSizes?.new ?? null,
    too_large: file.viewer.name === 'too_large',
    is_fully_expanded: file.fullyExpanded,
    highlighted_diff_lines: file.lines ?? [],
  };
}

export function presentMetadata(
  selection: DiffSelection,
  files: DiffFileView[],
  headComparable: boolean,
  contextCommitsCount: number,
): DiffsMetadata {
  const version = (row: DiffVersionRow) => presentVersion(selection, row, headComparable);
  return {
    real_size: String(files.length),
    size: files.length,
    added_lines: files.reduce((sum, file) => sum + file.addedCount, 0),
    removed_lines: files.reduce((sum, file) => sum + file.removedCount, 0),
    diff_refs: selection.refs,
    has_encoded_file_paths: files.some((file) => isLossyPath(file.oldPath) || isLossyPath(file.newPath)),
    target_branch_name: selection.mergeRequest.targetBranch,
    source_branch_name: selection.mergeRequest.sourceBranch,
    diff_files: files.map(presentMetadataFile),
    merge_request_diffs: selection.versions.map(version),
    merge_request_diff: selection.version ? version(selection.version) : null,
    start_version: selection.start ? version(selection.start) : null,
    commit: selection.commit
      ? {
          id: selection.commit.sha,
          short_id: selection.commit.sha.slice(0, 8),
          title: selection.commit.title,
          prev_commit_id: selection.commit.prev,
          next_commit_id: selection.commit.next,
        }
      : null,
    // GitLab's entry for "previously merged commits", present only when the request has some.
    ...(contextCommitsCount > 0 && {
      context_commits_diff: {
        commits_count: contextCommitsCount,
        showing_context_commits_diff: selection.contextCommits,
        diffs_path: `${mergeRequestUrl(selection)}/diffs?only_context_commits=true`,
      },
    }),
  };
}

/**
 * A batch as JSON bytes. Files carry most of a batch's bytes, and a kept file view presents to the
 * same JSON for every reader of the same selection except `can_modify_blob`; so each view's JSON is
 * encoded once per selection (weakly held: it goes with the view) and the reader's flag appended.
 * Bytes, not text: joining and encoding a megabyte-sized batch on every request cost more than git
 * takes to write the same diff.
 */
export function serializeBatch(
  selection: DiffSelection,
  edit: EditTarget,
  totalFiles: number,
  files: DiffFileView[],
): Buffer {
  // GitLab's MergeRequestDiffBatch: the whole diff's file count, null for a batch without files.
  const pagination: DiffsBatch['pagination'] = { total_pages: files.length === 0 ? null : totalFiles };
  const key = presentationKey(selection, edit);
  const parts: Buffer[] = [Buffer.from(`{"pagination":${JSON.stringify(pagination)},"diff_files":[`)];
  files.forEach((file, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(serializedHead(selection, file, edit, key));
    parts.push(editLinks(selection, file, edit).can_modify_blob ? CAN_MODIFY : CANNOT_MODIFY);
  });
  parts.push(BATCH_END);
  return Buffer.concat(parts);
}

const COMMA = Buffer.from(',');
const CAN_MODIFY = Buffer.from(',"can_modify_blob":true}');
const CANNOT_MODIFY = Buffer.from(',"can_modify_blob":false}');
const BATCH_END = Buffer.from(']}');

const serializedViews = new WeakMap<DiffFileView, Map<string, Buffer>>();

/** Everything besides the view that a presented file depends on, but the reader's own flag. */
const presentationKey = (selection: DiffSelection, edit: EditTarget): string =>
  [
    selection.ctx.fullPath,
    selection.iid,
    selectionQuery(selection).toString(),
    selection.refs.base_sha,
    selection.refs.start_sha,
    selection.refs.head_sha,
    selection.versions[0]?.headCommitSha,
    edit.sourceBranch,
    edit.open,
  ].join('\0');

/** A presented file's JSON without the reader's `can_modify_blob` and the closing brace. */
function serializedHead(selection: DiffSelection, file: DiffFileView, edit: EditTarget, key: string) {
  let byKey = serializedViews.get(file);
  if (!byKey) {
    byKey = new Map<string, Buffer>();
    serializedViews.set(file, byKey);
  }
  let head = byKey.get(key);
  if (head === undefined) {
    const { can_modify_blob: _reader, ...shared } = presentDiffFile(selection, file, edit);
    head = Buffer.from(JSON.stringify(shared).slice(0, -1));
    byKey.set(key, head);
  }
  return head;
}
