"""Pipeline schedules, trigger tokens and commit statuses through python-gitlab."""

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
results = {}

schedule = project.pipelineschedules.create(
    {"ref": "main", "description": "Nightly", "cron": "0 1 * * *", "cron_timezone": "UTC"}
)
results["schedule"] = [schedule.description, schedule.cron, schedule.active, schedule.owner["username"]]
schedule.variables.create({"key": "TARGET", "value": "staging"})
schedule.cron = "30 2 * * *"
schedule.save()
schedule = project.pipelineschedules.get(schedule.id)
results["schedule_saved"] = [schedule.cron, schedule.next_run_at[11:16], [v["key"] for v in schedule.attributes["variables"]]]
results["bad_cron"] = attempt(
    lambda: project.pipelineschedules.create({"ref": "main", "description": "x", "cron": "nope"})
)
schedule_id = schedule.id
schedule.play()
# play() keeps GitLab's answer ({"message": "201 Created"}) as the object's attributes: read it again.
schedule = project.pipelineschedules.get(schedule_id)
results["played"] = [p.source for p in project.pipelines.list(source="schedule")]
results["take_ownership"] = attempt(lambda: schedule.take_ownership())
results["schedules"] = [s.description for s in project.pipelineschedules.list()]
schedule.delete()
results["schedule_deleted"] = attempt(lambda: project.pipelineschedules.get(schedule.id))

trigger = project.triggers.create({"description": "chat ops"})
results["trigger"] = [trigger.token.startswith("glptt-"), len(trigger.token), trigger.description]
pipeline = project.trigger_pipeline("main", trigger.token, variables={"DEPLOY_TO": "production"})
results["triggered"] = [pipeline.source, pipeline.ref]
results["triggers"] = [[t.description, len(t.token)] for t in project.triggers.list()]
results["bad_token"] = attempt(lambda: project.trigger_pipeline("main", "glptt-wrong").source)
trigger.delete()
results["triggers_after_delete"] = len(project.triggers.list())

commit = project.commits.get("main")
status = commit.statuses.create(
    {"state": "running", "name": "ext/ci", "target_url": "https://ci.example.com/1", "description": "Building"}
)
results["status"] = [status.status, status.name, status.target_url]
commit.statuses.create({"state": "success", "name": "ext/ci"})
results["statuses"] = [[s.name, s.status] for s in commit.statuses.list() if s.name == "ext/ci"]
results["bad_state"] = attempt(lambda: commit.statuses.create({"state": "done"}))
report(results)
