"""A pipeline's bridges (trigger jobs) with their downstream pipelines, as python-gitlab lists them."""

from common import FIXTURE, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
pipeline = project.pipelines.get(FIXTURE["pipeline_id"])
results = {
    "bridges": [
        {
            "name": b.name,
            "status": b.status,
            "downstream_source": b.downstream_pipeline["source"] if b.downstream_pipeline else None,
            "downstream_status": b.downstream_pipeline["status"] if b.downstream_pipeline else None,
        }
        for b in pipeline.bridges.list(get_all=True)
    ],
    "failed_only": [b.name for b in pipeline.bridges.list(scope="failed", get_all=True)],
}
report(results)
