import { labelTextColor } from '../../shared/labels/labels';
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

/** The chips of an issue's or a merge request's labels; names without details are grey. */
export function LabelChips({ labels, label = 'Labels' }: { labels: ListedLabel[]; label?: string }) {
  if (labels.length === 0) return null;
  return (
    <ul className="label-chips" aria-label={label}>
      {labels.map((item) => {
        const shown = typeof item === 'string' ? { name: item, color: '#e3e2e6', description: null } : item;
        return (
          <li key={shown.name}>
            <LabelChip {...shown} />
          </li>
        );
      })}
    </ul>
  );
}
