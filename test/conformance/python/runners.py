"""Runners: list the user's and all runners, read, edit, enable in another project, disable, delete."""

from common import FIXTURE, attempt, connect, report

gl = connect()
developer = connect(FIXTURE["developer_token"])
runner_id = FIXTURE["runner_id"]
results = {}

results["mine"] = [[r.id, r.runner_type, r.status] for r in gl.runners.list(get_all=True)]
results["mine_docker"] = [r.id for r in gl.runners.list(tag_list=["docker"])]
results["mine_gpu"] = [r.id for r in gl.runners.list(tag_list=["gpu"])]
results["all_refused"] = attempt(lambda: gl.runners_all.list())

runner = gl.runners.get(runner_id)
results["details"] = [runner.description, runner.tag_list, runner.locked, runner.access_level]
runner.description = "edited from python"
runner.tag_list = ["docker", "arm64"]
runner.maximum_timeout = 3600
runner.save()
fetched = gl.runners.get(runner_id)
results["edited"] = [fetched.description, fetched.tag_list, fetched.maximum_timeout]
results["developer_get"] = attempt(lambda: developer.runners.get(runner_id).id)

second = gl.projects.get(FIXTURE["second_project_id"], lazy=True)
enabled = second.runners.create({"runner_id": runner_id})
results["enabled"] = enabled.id
results["second_listed"] = [r.id for r in second.runners.list(type="project_type")]
second.runners.delete(runner_id)
results["second_after_disable"] = [r.id for r in second.runners.list(type="project_type")]

first = gl.projects.get(FIXTURE["project_id"], lazy=True)
results["last_project"] = attempt(lambda: first.runners.delete(runner_id))

gl.runners.delete(runner_id)
results["gone"] = attempt(lambda: gl.runners.get(runner_id))

report(results)
