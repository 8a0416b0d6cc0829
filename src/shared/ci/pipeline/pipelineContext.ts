import type { CiVariable, PipelineSource } from '../types';

/** What a pipeline is created for: everything the rules of the configuration may look at. */
export interface PipelineContext {
  source: PipelineSource;
  /** Branch or tag name; for a merge request pipeline, its source branch. */
  ref: string;
  tag: boolean;
  /** A merge request pipeline (`merge_request_event`): neither a branch nor a tag pipeline. */
  mergeRequest?: boolean;
  sha: string;
  projectFullPath: string;
  /** Paths the push or merge request changed; null when unknown (a new branch, a web pipeline): `changes` then holds. */
  changedPaths: readonly string[] | null;
  /** Paths changed since a ref (`changes:compare_to`); undefined when the ref does not exist. */
  changedPathsSince?(ref: string): readonly string[] | undefined;
  /** The repository's paths at the sha (`exists`). */
  files: readonly string[];
  /** Predefined variables of the pipeline (variables/predefined.ts): below the YAML's. */
  predefinedVariables: readonly CiVariable[];
  /** Project, group and instance CI/CD variables, then trigger, schedule or run-form variables: above the YAML's. */
  userVariables?: readonly CiVariable[];
  kubernetesActive?: boolean;
}
