import { DownloadIcon, FileIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu, Link } from '@primer/react';
import type { DownloadableArtifacts } from '../../../shared/api/pipelinePages';

/** The artifacts dropdown of the pipeline section: each job's archive, downloaded from its link. */
export function ArtifactsDropdown({ artifacts }: { artifacts: DownloadableArtifacts['artifacts'] }) {
  if (artifacts.length === 0) return null;
  return (
    <ActionMenu>
      <ActionMenu.Button size="small" leadingVisual={DownloadIcon} aria-label="Artifacts">
        Artifacts
      </ActionMenu.Button>
      <ActionMenu.Overlay>
        <ActionList aria-label="Artifacts">
          <ActionList.Group>
            <ActionList.GroupHeading>Download artifacts</ActionList.GroupHeading>
            {artifacts.map((artifact) => (
              <ActionList.LinkItem key={artifact.path} href={artifact.path} download>
                <ActionList.LeadingVisual>
                  <DownloadIcon />
                </ActionList.LeadingVisual>
                {artifact.name}
              </ActionList.LinkItem>
            ))}
          </ActionList.Group>
        </ActionList>
      </ActionMenu.Overlay>
    </ActionMenu>
  );
}

/**
 * The artifacts jobs expose to merge requests (`artifacts:expose_as`): each by the name the job
 * gives it, linking to the file (or the job, for several files), with the job it came from.
 */
export function ExposedArtifacts({ exposed }: { exposed: DownloadableArtifacts['exposed_artifacts'] }) {
  if (exposed.length === 0) return null;
  const title = exposed.length === 1 ? 'View exposed artifact' : `View ${exposed.length} exposed artifacts`;
  return (
    <details className="box__row mw-exposed">
      <summary>{title}</summary>
      <ul aria-label="Exposed artifacts">
        {exposed.map((artifact) => (
          <li key={`${artifact.job_path}:${artifact.text}`}>
            <FileIcon size={16} />{' '}
            <Link href={artifact.url} target="_blank" rel="noopener noreferrer">
              {artifact.text}
            </Link>{' '}
            <span className="muted">
              in <Link href={artifact.job_path}>{artifact.job_name}</Link>
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
