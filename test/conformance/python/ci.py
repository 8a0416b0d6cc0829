"""CI through python-gitlab: job actions, pipeline actions, artifacts and CI/CD variables."""

import io
import zipfile

import requests

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
api = FIXTURE["api_url"]
results = {}


def run_next_job(state, upload=None):
    """Plays a runner by hand: takes the next job, logs a line, uploads an archive, reports `state`."""
    job = requests.post(f"{api}/jobs/request", json={"token": FIXTURE["runner_token"]}).json()
    headers = {"JOB-TOKEN": job["token"]}
    requests.patch(f"{api}/jobs/{job['id']}/trace", data=b"ran\n", headers={**headers, "Content-Range": "0-3"})
    if upload:
        files = {"file": ("artifacts.zip", upload, "application/zip")}
        requests.post(f"{api}/jobs/{job['id']}/artifacts?artifact_type=archive&artifact_format=zip", files=files, headers=headers)
    requests.put(f"{api}/jobs/{job['id']}", json={"token": job["token"], "state": state})
    return job["id"]


archive = io.BytesIO()
with zipfile.ZipFile(archive, "w") as zip_file:
    zip_file.writestr("dist/app.txt", "built\n")

pipeline = project.pipelines.create({"ref": "main", "variables": [{"key": "TARGET", "value": "arm64"}]})
results["pipeline_variables"] = [[v.key, v.value, v.variable_type] for v in pipeline.variables.list()]
failed_id = run_next_job("failed", upload=archive.getvalue())
job = project.jobs.get(failed_id)
results["failed"] = [job.name, job.status, job.artifacts_file["filename"]]
results["artifact"] = job.artifact("dist/app.txt").decode()
results["archive_is_zip"] = job.artifacts()[:2].decode()
retried = job.retry()
results["retried"] = [retried["name"], retried["status"], retried["id"] != failed_id]
run_next_job("success")
run_next_job("success")
ship = next(j for j in project.jobs.list(scope="manual") if j.pipeline["id"] == pipeline.id)
ship.play()
results["played"] = project.jobs.get(ship.id).status
ship.cancel()
results["canceled"] = project.jobs.get(ship.id).status
erased = project.jobs.get(failed_id)
erased.erase()
erased = project.jobs.get(failed_id)
results["erased"] = [erased.erased_at is not None, erased.attributes["artifacts"]]
pipeline.retry()
results["pipeline_retried"] = project.pipelines.get(pipeline.id).status
pipeline.cancel()
results["pipeline_canceled"] = project.pipelines.get(pipeline.id).status
pipeline.delete()
results["pipeline_deleted"] = attempt(lambda: project.pipelines.get(pipeline.id).id)

variable = project.variables.create({"key": "API_TOKEN", "value": "abcdefgh12345678", "masked": True})
results["variable"] = [variable.key, variable.masked, variable.protected, variable.environment_scope]
results["unmaskable"] = attempt(lambda: project.variables.create({"key": "PIN", "value": "1234", "masked": True}).key)
variable.value = "zyxwvuts87654321"
variable.protected = True
variable.save()
shown = project.variables.get("API_TOKEN")
results["variable_saved"] = [shown.value, shown.protected]
results["variables"] = [v.key for v in project.variables.list()]
shown.delete()
results["variable_deleted"] = attempt(lambda: project.variables.get("API_TOKEN").key)

group = gl.groups.get(FIXTURE["group_id"])
group.variables.create({"key": "REGISTRY", "value": "registry.example.com", "variable_type": "file"})
results["group_variables"] = [[v.key, v.variable_type] for v in group.variables.list()]

report(results)
