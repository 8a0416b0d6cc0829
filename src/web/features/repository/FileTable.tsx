import { FileDirectoryFillIcon, FileIcon, FileSubmoduleIcon } from '@primer/octicons-react';
import { Link as RouterLink } from 'react-router';
import type { TreeEntryJson } from '../../../shared/api/repository';
import { projectUrl } from '../projects/projectRoutes';
import { refPage } from './repositoryPaths';

const ICONS = { tree: FileDirectoryFillIcon, blob: FileIcon, commit: FileSubmoduleIcon } as const;
const KIND = { tree: 'Folder', blob: 'File', commit: 'Submodule' } as const;

/** The entries of one folder: folders first, each linking to its tree or file view. */
export function FileTable({
  fullPath,
  gitRef,
  path,
  entries,
}: {
  fullPath: string;
  gitRef: string;
  path: string;
  entries: TreeEntryJson[];
}) {
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return (
    <table className="box file-table" aria-label="Files">
      <thead className="visually-hidden-row">
        <tr>
          <th scope="col">Name</th>
        </tr>
      </thead>
      <tbody>
        {path && (
          <tr>
            <td>
              <RouterLink
                to={projectUrl(fullPath, refPage('tree', gitRef, parent))}
                aria-label="Parent folder"
              >
                ..
              </RouterLink>
            </td>
          </tr>
        )}
        {entries.map((entry) => {
          const Icon = ICONS[entry.type];
          return (
            <tr key={entry.path}>
              <td>
                <span className="file-table__name">
                  <Icon
                    className={`file-table__icon file-table__icon--${entry.type}`}
                    aria-label={KIND[entry.type]}
                  />
                  {entry.type === 'commit' ? (
                    <span>{entry.name}</span>
                  ) : (
                    <RouterLink
                      to={projectUrl(
                        fullPath,
                        refPage(entry.type === 'tree' ? 'tree' : 'blob', gitRef, entry.path),
                      )}
                    >
                      {entry.name}
                    </RouterLink>
                  )}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
