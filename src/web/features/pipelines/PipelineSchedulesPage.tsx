import { ClockIcon, PencilIcon, PlayIcon, TrashIcon } from '@primer/octicons-react';
import {
  Button,
  Flash,
  Heading,
  IconButton,
  Label,
  LinkButton,
  useConfirm,
  VisuallyHidden,
} from '@primer/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ACCESS_LEVELS } from '../../../shared/access/accessLevels';
import type { PipelineScheduleDetails } from '../../../shared/api/pipelineSchedules';
import { pipelineLook } from '../../components/ciStatusLook';
import { useSession } from '../../lib/useSession';
import { viewerAccessLevel } from '../../lib/viewerAccessLevel';
import { projectUrl, useProjectFullPath } from '../projects/projectRoutes';
import { useProject } from '../projects/queries';
import { LoadState } from '../repository/LoadState';
import { CiStatusBadge } from './CiStatusBadge';
import { pipelinePage, pipelinesPage, refPage } from './pipelinePaths';
import {
  useDeletePipelineSchedule,
  usePipelineSchedules,
  usePlayPipelineSchedule,
  useTakeOwnership,
} from './pipelineSchedules';
import './pipelines.css';

/** GitLab's words once a schedule was played. */
export const PLAYED = 'Successfully scheduled a pipeline to run. Go to the Pipelines page for details.';
export const EMPTY_TITLE = 'Schedule pipelines';

export const schedulesPage = (fullPath: string) => projectUrl(fullPath, 'pipeline_schedules');

/** `{project}/-/pipeline_schedules`: the project's schedules; play, edit, take over, delete as roles allow. */
export function PipelineSchedulesPage() {
  const fullPath = useProjectFullPath();
  const schedules = usePipelineSchedules(fullPath);
  const project = useProject(fullPath).data;
  const session = useSession().data?.user;
  const level = project ? viewerAccessLevel(project, session?.admin ?? false) : 0;
  const play = usePlayPipelineSchedule(fullPath);
  const take = useTakeOwnership(fullPath);
  const remove = useDeletePipelineSchedule(fullPath);
  const confirm = useConfirm();
  const [played, setPlayed] = useState(false);
  const canCreate = level >= ACCESS_LEVELS.developer;

  const onDelete = async (schedule: PipelineScheduleDetails) => {
    const sure = await confirm({
      title: 'Delete pipeline schedule',
      content: `Are you sure you want to delete the ${schedule.description} pipeline schedule?`,
      confirmButtonContent: 'Delete pipeline schedule',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(schedule.id);
  };
  const onPlay = (id: number) => play.mutate(id, { onSuccess: () => setPlayed(true) });
  const error = play.error ?? take.error ?? remove.error;

  return (
    <div className="stack">
      <div className="row schedules__header">
        <Heading as="h1">Pipeline schedules</Heading>
        {canCreate && schedules.data && schedules.data.length > 0 && (
          <LinkButton as={RouterLink} to={`${schedulesPage(fullPath)}/new`} variant="primary">
            New schedule
          </LinkButton>
        )}
      </div>
      {played && (
        <Flash variant="success">
          Successfully scheduled a pipeline to run. Go to the{' '}
          <RouterLink to={pipelinesPage(fullPath)}>Pipelines page</RouterLink> for details.
        </Flash>
      )}
      {error && <Flash variant="danger">{error.message}</Flash>}
      {!schedules.data ? (
        <LoadState error={schedules.error} what="pipeline schedules" />
      ) : schedules.data.length === 0 ? (
        <div className="box blankslate ci-empty">
          <ClockIcon size={32} />
          <h2 className="ci-empty__title">{EMPTY_TITLE}</h2>
          <p>
            A scheduled pipeline starts automatically at regular intervals, like daily or weekly. The
            pipeline:
          </p>
          <ul className="schedules__empty-list">
            <li>Runs for a specific branch or tag.</li>
            <li>Can have custom CI/CD variables.</li>
            <li>Runs with the same project permissions as the schedule owner.</li>
          </ul>
          {canCreate && (
            <LinkButton as={RouterLink} to={`${schedulesPage(fullPath)}/new`} variant="primary">
              Create a new pipeline schedule
            </LinkButton>
          )}
        </div>
      ) : (
        <table className="status-checks" aria-label="Pipeline schedules">
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">Target</th>
              <th scope="col">Last pipeline</th>
              <th scope="col">Next run</th>
              <th scope="col">Owner</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {schedules.data.map((schedule) => {
              const mine = schedule.owner?.id === session?.id;
              return (
                <tr key={schedule.id}>
                  <td>
                    {schedule.description} {!schedule.active && <Label>Inactive</Label>}
                  </td>
                  <td>
                    <RouterLink to={refPage(fullPath, schedule.ref)}>{schedule.ref}</RouterLink>
                  </td>
                  <td>
                    {schedule.last_pipeline ? (
                      <CiStatusBadge
                        look={pipelineLook(schedule.last_pipeline.status)}
                        to={pipelinePage(fullPath, schedule.last_pipeline.id)}
                      />
                    ) : (
                      <span className="muted">None</span>
                    )}
                  </td>
                  <td>
                    {schedule.active && schedule.next_run_at ? (
                      <time dateTime={schedule.next_run_at} title={schedule.next_run_at}>
                        {`${schedule.next_run_at.slice(0, 16).replace('T', ' ')} UTC`}
                      </time>
                    ) : (
                      <span className="muted">Inactive</span>
                    )}
                  </td>
                  <td>{schedule.owner?.name ?? ''}</td>
                  <td className="status-checks__actions">
                    {canCreate && (
                      <IconButton
                        icon={PlayIcon}
                        aria-label={`Run pipeline schedule ${schedule.description}`}
                        variant="invisible"
                        onClick={() => onPlay(schedule.id)}
                      />
                    )}
                    {!mine && level >= ACCESS_LEVELS.maintainer && (
                      <Button size="small" onClick={() => take.mutate(schedule.id)}>
                        Take ownership
                      </Button>
                    )}
                    {mine && (
                      <IconButton
                        as={RouterLink}
                        to={`${schedulesPage(fullPath)}/${schedule.id}/edit`}
                        icon={PencilIcon}
                        aria-label={`Edit pipeline schedule ${schedule.description}`}
                        variant="invisible"
                      />
                    )}
                    {(mine || level >= ACCESS_LEVELS.maintainer) && (
                      <IconButton
                        icon={TrashIcon}
                        aria-label={`Delete pipeline schedule ${schedule.description}`}
                        variant="invisible"
                        onClick={() => void onDelete(schedule)}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
