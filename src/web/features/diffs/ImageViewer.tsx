import type { DiffFile } from '../../../shared/api/diffs';
import { rawFileUrl } from '../repository/queries';

/** Spec 2.9, the 2-up mode: the old image beside the new one (only one side for new or deleted). */
export function ImageViewer({ fullPath, file }: { fullPath: string; file: DiffFile }) {
  const before = file.new_file ? null : rawFileUrl(fullPath, file.diff_refs.base_sha, file.old_path);
  const after = file.deleted_file ? null : rawFileUrl(fullPath, file.diff_refs.head_sha, file.new_path);
  return (
    <div className="diff-image">
      {before && (
        <figure className="diff-image__side diff-image__side--old">
          <img src={before} alt={`${file.old_path} before`} loading="lazy" />
          <figcaption>{file.deleted_file ? 'Deleted' : 'Before'}</figcaption>
        </figure>
      )}
      {after && (
        <figure className="diff-image__side diff-image__side--new">
          <img src={after} alt={`${file.new_path} after`} loading="lazy" />
          <figcaption>{file.new_file ? 'New' : 'After'}</figcaption>
        </figure>
      )}
    </div>
  );
}
