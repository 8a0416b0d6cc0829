import { Link } from '@primer/react';
import { Link as RouterLink } from 'react-router';
import type { Group } from '../../../shared/api/groups';
import { EntityAvatar } from '../../components/EntityAvatar';
import { VisibilityIcon } from '../../components/VisibilityLabel';
import '../../components/entity-pages.css';

/** Groups as rows: full name, visibility and description. */
export function GroupList({ groups, label = 'Groups' }: { groups: Group[]; label?: string }) {
  return (
    <ul className="box entity-list" aria-label={label}>
      {groups.map((group) => (
        <li key={group.id} className="box__row entity-row">
          <EntityAvatar id={group.id} name={group.name} />
          <div className="entity-row__main">
            <div className="entity-row__title">
              <Link as={RouterLink} to={`/${group.full_path}`}>
                {group.full_name}
              </Link>
              <VisibilityIcon visibility={group.visibility} />
            </div>
            {group.description && <span className="muted entity-row__description">{group.description}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}
