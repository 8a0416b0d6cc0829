import { Flash, VisuallyHidden } from '@primer/react';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  columns: string[];
  /** An action that failed on one of the rows (the server's words). */
  error: Error | null;
  children: ReactNode;
};

/** A table of pipelines or jobs: named columns, then one for the rows' actions. */
export function CiTable({ label, columns, error, children }: Props) {
  return (
    <div className="stack">
      {error && <Flash variant="danger">{error.message}</Flash>}
      <table className="ci-table box" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
