import type { MergeTrainCar } from '../../../shared/api/mergeTrains';
import type { Config } from '../../config';
import { presentPipelineBasic } from '../pipelines/pipelines.presenter';
import { presentUserBasic } from '../users/user.presenter';
import type { CarListing } from './merge-trains.repo';

/** GitLab's `MergeTrains::Car`: the car, its merge request in brief, and who added it. */
export function presentCar(
  { car, mergeRequest: mr, user, pipeline }: CarListing,
  projectFullPath: string,
  config: Pick<Config, 'externalUrl'>,
): MergeTrainCar {
  return {
    id: car.id,
    merge_request: {
      id: mr.id,
      iid: mr.iid,
      project_id: mr.projectId,
      title: mr.title,
      description: mr.description,
      state: mr.state,
      created_at: mr.createdAt.toISOString(),
      updated_at: mr.updatedAt.toISOString(),
      web_url: `${config.externalUrl}/${projectFullPath}/-/merge_requests/${mr.iid}`,
    },
    user: user ? presentUserBasic(user, config) : null,
    pipeline: pipeline ? presentPipelineBasic(pipeline, { fullPath: projectFullPath }, config) : null,
    created_at: car.createdAt.toISOString(),
    updated_at: car.updatedAt.toISOString(),
    target_branch: car.targetBranch,
    status: car.status,
    merged_at: car.mergedAt?.toISOString() ?? null,
    duration: car.mergedAt ? Math.round((car.mergedAt.getTime() - car.createdAt.getTime()) / 1000) : null,
  };
}
