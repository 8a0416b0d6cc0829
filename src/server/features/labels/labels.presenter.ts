import type { Label, LabelBasic } from '../../../shared/api/labels';
import { labelTextColor } from '../../../shared/labels/labels';
import type { LabelRow } from './labels.repo';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** GitLab's `LabelBasic`: what issues and merge requests show with `with_labels_details`. */
export function presentLabelBasic(row: LabelRow): LabelBasic {
  return {
    id: row.id,
    name: row.title,
    color: row.color,
    description: row.description,
    // A label's description is one line of text; shown escaped rather than rendered.
    description_html: row.description === null ? null : escapeHtml(row.description),
    text_color: labelTextColor(row.color),
    remove_on_close: false,
  };
}

/** GitLab's `Label`, or `ProjectLabel` when listed for a project (`priority`, `is_project_label`). */
export function presentLabel(row: LabelRow, forProject: boolean): Label {
  const label = { ...presentLabelBasic(row), subscribed: false };
  if (!forProject) return label;
  return { ...label, priority: row.priority, is_project_label: row.projectId !== null };
}
