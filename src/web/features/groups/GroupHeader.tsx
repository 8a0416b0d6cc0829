import { Heading } from '@primer/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Group } from '../../../shared/api/groups';
import { EntityAvatar } from '../../components/EntityAvatar';
import { VisibilityLabel } from '../../components/VisibilityLabel';
import '../../components/entity-pages.css';

/** The group's parents as links, then its avatar, name, visibility and description. */
export function GroupHeader({ group, title }: { group: Group; title?: string }) {
  const parts = group.full_path.split('/');
  const names = group.full_name.split(' / ');
  return (
    <header className="stack">
      <nav className="project-layout__crumbs muted" aria-label="Breadcrumbs">
        {parts.map((_, index) => (
          <Fragment key={index}>
            {index > 0 && <span aria-hidden="true">/</span>}
            <RouterLink to={`/${parts.slice(0, index + 1).join('/')}`}>
              {names[index] ?? parts[index]}
            </RouterLink>
          </Fragment>
        ))}
      </nav>
      <div className="entity-header">
        <EntityAvatar id={group.id} name={group.name} size={48} />
        <div className="entity-header__text">
          <div className="entity-header__title">
            <Heading as="h1">{title ?? group.name}</Heading>
            <VisibilityLabel visibility={group.visibility} />
          </div>
          <span className="muted">Group ID: {group.id}</span>
          {group.description && !title && <p className="entity-header__description">{group.description}</p>}
        </div>
      </div>
    </header>
  );
}
