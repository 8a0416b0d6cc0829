import { labelTextColor } from '../../shared/labels/labels';
import { Link as RouterLink } from 'react-router';
import './labels.css';

type Props = { name: string; color: string; description?: string | null };

/**
 * A label as a coloured chip. Its text is white or black, whichever contrasts more with the
 * label's colour (at least 4.58:1, WCAG AA), as the server's `text_color` says.
 */
export function LabelChip({ name, color, description }: Props) {
  return (
    <span
      className="label-chip"
      style={{ backgroundColor: color, color: labelTextColor(color) }}
      title={description ?? undefined}
    >
      {name}
    </span>
  );
}

/** Labels as GitLab's lists give them: names, or objects with `with_labels_details=true`. */
export type ListedLabel = string | { name: string; color: string; description: string | null };

type ChipsProps = {
  labels: ListedLabel[];
  label?: string;
  /** Where a chip leads (the list filtered by that label); plain chips without it. */
  linkOf?: (name: string) => string;
};

/** The chips of an issue's or a merge request's labels; names without details are grey. */
export function LabelChips({ labels, label = 'Labels', linkOf }: ChipsProps) {
  if (labels.length === 0) return null;
  return (
    <ul className="label-chips" aria-label={label}>
      {labels.map((item) => {
        const shown = typeof item === 'string' ? { name: item, color: '#e3e2e6', description: null } : item;
        return (
          <li key={shown.name}>
            {linkOf ? (
              <RouterLink to={linkOf(shown.name)} aria-label={`Filter by label ${shown.name}`}>
                <LabelChip {...shown} />
              </RouterLink>
            ) : (
              <LabelChip {...shown} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Above a list filtered by labels: which ones, and a link back to the whole list. */
export function LabelFilter({ labels, clearLink }: { labels: string[]; clearLink: string }) {
  if (labels.length === 0) return null;
  return (
    <div className="label-filter">
      <span>Label:</span>
      <LabelChips labels={labels} label="Filtered by labels" />
      <RouterLink to={clearLink}>Clear label filter</RouterLink>
    </div>
  );
}
